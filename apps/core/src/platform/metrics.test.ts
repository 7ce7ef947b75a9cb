import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { register } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ANSWERED_ERROR } from '../http/errorHandler';
import { ManualClock } from './clock';
import { createMetrics, type Metrics, type ReplicaStatus, type SlowRequest } from './metrics';

/** The samples of one metric in the text format, as `name{labels} value` lines. */
async function lines(metrics: Metrics, name: string): Promise<string[]> {
  const text = await metrics.registry.metrics();
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('createMetrics', () => {
  it('uses its own registry: two in one process do not collide, and the global registry stays empty', async () => {
    const a = createMetrics({ processMetrics: false });
    const b = createMetrics({ processMetrics: false });
    a.betPlaced('CHIP', 'size');
    expect(await lines(a, 'prism_bets_total')).toEqual(['prism_bets_total{coin="CHIP",kind="size"} 1']);
    expect(await lines(b, 'prism_bets_total')).toEqual([]);
    expect(await register.getMetricsAsJSON()).toEqual([]);
  });

  it('counts statements of several bets by outcome, and the bets in them', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.betBatch(5, false);
    metrics.betBatch(3, false);
    metrics.betBatch(2, true);
    expect(await lines(metrics, 'prism_bet_batches_total')).toEqual([
      'prism_bet_batches_total{outcome="together"} 2',
      'prism_bet_batches_total{outcome="one_by_one"} 1',
    ]);
    expect(await lines(metrics, 'prism_bets_batched_total')).toEqual(['prism_bets_batched_total 10']);
  });

  it('counts statements that read for several calls, by statement and outcome, and the calls in them', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.readBatch('user_info', 4, false);
    metrics.readBatch('user_info', 2, true);
    expect(await lines(metrics, 'prism_read_batches_total')).toEqual([
      'prism_read_batches_total{statement="user_info",outcome="together"} 1',
      'prism_read_batches_total{statement="user_info",outcome="one_by_one"} 1',
    ]);
    expect(await lines(metrics, 'prism_reads_batched_total')).toEqual(['prism_reads_batched_total{statement="user_info"} 6']);
  });

  it("includes Node's process metrics unless asked not to", async () => {
    expect(await createMetrics().registry.metrics()).toContain('prism_process_cpu_user_seconds_total');
    expect(await createMetrics({ processMetrics: false }).registry.metrics()).not.toContain('prism_process_cpu');
  });

  it('counts leader changes, not the first sight of a job nobody here holds', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.leaderChanged('earnings', false);
    metrics.leaderChanged('rebates', false);
    expect(await lines(metrics, 'prism_leader_changes_total')).toEqual([]);
    expect(await lines(metrics, 'prism_leader_held')).toEqual([
      'prism_leader_held{job="earnings"} 0',
      'prism_leader_held{job="rebates"} 0',
    ]);
    metrics.leaderChanged('earnings', true);
    metrics.leaderChanged('earnings', true);
    metrics.leaderChanged('earnings', false);
    expect(await lines(metrics, 'prism_leader_changes_total')).toEqual([
      'prism_leader_changes_total{job="earnings",held="true"} 1',
      'prism_leader_changes_total{job="earnings",held="false"} 1',
    ]);
  });

  it('times job runs by outcome and remembers the last success on its clock', async () => {
    const clock = new ManualClock(new Date('2026-11-27T00:00:00Z'));
    const metrics = createMetrics({ processMetrics: false, clock });
    metrics.observeJob('earnings', 12, 'ok');
    metrics.observeJob('earnings', 0.002, 'idle');
    clock.set('2026-11-27T00:05:00Z');
    metrics.observeJob('earnings', 3, 'failed');
    expect(await lines(metrics, 'prism_job_run_duration_seconds_count')).toEqual([
      'prism_job_run_duration_seconds_count{job="earnings",outcome="ok"} 1',
      'prism_job_run_duration_seconds_count{job="earnings",outcome="idle"} 1',
      'prism_job_run_duration_seconds_count{job="earnings",outcome="failed"} 1',
    ]);
    expect(await lines(metrics, 'prism_job_last_success_timestamp_seconds')).toEqual([
      `prism_job_last_success_timestamp_seconds{job="earnings"} ${Date.parse('2026-11-27T00:00:00Z') / 1000}`,
    ]);
    metrics.observeSettlement(0.03);
    expect(await lines(metrics, 'prism_settlement_duration_seconds_count')).toEqual(['prism_settlement_duration_seconds_count 1']);
  });

  it('shows no series for a source that is absent or fails, and reads each source once per cache period', async () => {
    const metrics = createMetrics({ processMetrics: false, cacheMs: 60_000 });
    for (const name of [
      'prism_outbox_backlog',
      'prism_withdrawals_pending',
      'prism_ledger_check_ok',
      'prism_db_pool_max',
      'prism_replica_lag_seconds',
    ])
      expect(await lines(metrics, name), name).toEqual([]);
    let reads = 0;
    metrics.setSources({
      backlog: async () => {
        reads++;
        return { bot: 3, broadcast: 0 };
      },
      pendingWithdrawals: () => Promise.reject(new Error('database away')),
      ledgerCheck: async () => ({ ok: false, at: new Date(Date.now() - 90_000) }),
    });
    expect(await lines(metrics, 'prism_outbox_backlog')).toEqual([
      'prism_outbox_backlog{kind="bot"} 3',
      'prism_outbox_backlog{kind="broadcast"} 0',
    ]);
    await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(await lines(metrics, 'prism_withdrawals_pending')).toEqual([]);
    expect(await lines(metrics, 'prism_ledger_check_ok')).toEqual(['prism_ledger_check_ok 0']);
    const age = Number((await lines(metrics, 'prism_ledger_check_age_seconds'))[0]?.split(' ')[1]);
    expect(age).toBeGreaterThanOrEqual(90);
  });

  it("reads the pool's counters and the replicas' status, leaving out an unknown lag", async () => {
    const metrics = createMetrics({ processMetrics: false });
    const pool = new pg.Pool({ max: 7 });
    const replicas: ReplicaStatus[] = [
      { name: '127.0.0.1:5433', healthy: true, lagMs: 120, lagBytes: 4096, checkedAt: new Date().toISOString() },
      { name: '127.0.0.1:5434', healthy: false, lagMs: null, lagBytes: null, checkedAt: new Date().toISOString() },
    ];
    metrics.setSources({ pool, replicas: () => replicas });
    expect(await lines(metrics, 'prism_db_pool_max')).toEqual(['prism_db_pool_max 7']);
    expect(await lines(metrics, 'prism_db_pool_waiting')).toEqual(['prism_db_pool_waiting 0']);
    expect(await lines(metrics, 'prism_replica_lag_seconds')).toEqual(['prism_replica_lag_seconds{replica="127.0.0.1:5433"} 0.12']);
    expect(await lines(metrics, 'prism_replica_healthy')).toEqual([
      'prism_replica_healthy{replica="127.0.0.1:5433"} 1',
      'prism_replica_healthy{replica="127.0.0.1:5434"} 0',
    ]);
    await pool.end();
  });

  it('labels requests with the route pattern of nested routers, the status class and the outcome', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const app = express();
    app.use(metrics.http);
    const inner = express.Router();
    inner.get('/items/:id', (req, res) => {
      if (req.params.id === 'bad') throw new Error('boom');
      res.json({ ok: true });
    });
    const outer = express.Router();
    outer.use('/admin', inner);
    app.use('/core', outer);
    // Errors are answered outside the routers, as core's handler does (req.baseUrl is '' again by then).
    app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.locals[ANSWERED_ERROR] = 'INTERNAL';
      res.status(200).json({ code: 500 });
    });
    metrics.learnRoutes(app);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of ['/core/admin/items/1', '/core/admin/items/2', '/core/admin/items/bad', '/nowhere/3'])
      await (await fetch(base + path)).text();
    server.close();
    expect(await lines(metrics, 'prism_http_request_duration_seconds_count')).toEqual([
      'prism_http_request_duration_seconds_count{method="GET",route="/core/admin/items/:id",status="2xx",outcome="ok"} 2',
      'prism_http_request_duration_seconds_count{method="GET",route="/core/admin/items/:id",status="2xx",outcome="error"} 1',
      'prism_http_request_duration_seconds_count{method="GET",route="(unmatched)",status="4xx",outcome="rejected"} 1',
    ]);
  });
  it('hands an answer slower than the bound to slowRequests, with its route pattern, and no faster one', async () => {
    const slow: SlowRequest[] = [];
    const metrics = createMetrics({ processMetrics: false, slowRequests: { seconds: 0.05, report: (request) => slow.push(request) } });
    const app = express();
    app.use(metrics.http);
    app.get('/wait/:ms', async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, Number(req.params.ms)));
      res.status(202).json({ ok: true });
    });
    metrics.learnRoutes(app);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const ms of [0, 120, 1]) await (await fetch(`${base}/wait/${ms}`)).text();
    server.close();
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ method: 'GET', route: '/wait/:ms', status: 202 });
    expect(slow[0]?.ms).toBeGreaterThanOrEqual(100);
  });
});
