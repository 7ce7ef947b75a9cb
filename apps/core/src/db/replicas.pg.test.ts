import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { systemClock } from '../platform/clock';
import { silentLogger } from '../platform/logger';
import { startServer } from '../server';
import {
  closedPortUrl,
  createEmptyPostgresDatabase,
  registerUser,
  seedOperator,
  TestApi,
  type TestContext,
  type TestUser,
} from '../testing';
import { poolOf, queryRows } from './client';
import { REPLICA_APPLICATION_NAME, type ReplicaStatus } from './replicas';

const OPS_TOKEN = 'replica-test-operator-token-0123456789';

/** A whole core process on a fresh migrated database, with DATABASE_REPLICA_URLS as given. */
async function startWithReplicas(replicaUrls: (primaryUrl: string) => Promise<string>) {
  const database = await createEmptyPostgresDatabase({ migrated: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-replicas-'));
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_WEB: 'true',
      DEV_OUTBOX: 'true',
      GAME_TICK_MS: '0',
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: await replicaUrls(database.url),
      // One measurement, at start: later ones would reuse the replica's connections and hide which
      // statements the reads ran there (pg_stat_activity shows each connection's last one).
      DATABASE_REPLICA_CHECK_MS: '60000',
      JWT_SECRET: 'replica-test-secret-0123456789abcdef',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      RATE_LIMIT_SMS_PER_MINUTE: '100000',
    }),
    silentLogger,
  );
  await seedOperator(server.db, systemClock, { login: 'replica-owner', role: 'owner', apiToken: OPS_TOKEN });
  const base = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  const api = new TestApi(base);
  const user = await registerUser({ api, db: server.db } as unknown as TestContext);
  return {
    server,
    api,
    user,
    databaseUrl: database.url,
    async close() {
      await server.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Started = Awaited<ReturnType<typeof startWithReplicas>>;

/** The player's and the public lag-tolerant reads, each of which must answer 200. */
async function readEverything(api: TestApi, user: TestUser) {
  const token = { token: user.token };
  const answers = await Promise.all([
    api.get('/app/game/luckyLottery/userLotteryRecordPage', {}, token),
    api.get('/app/user/account/findUserAccountRecordPage', {}, token),
    api.get('/app/user/withdraw/list', {}, token),
    api.get('/app/user/rechargeTask/list', {}, token),
    api.get('/app/userPower/powerRecordPage', {}, token),
    api.get('/app/user/getUserTeamInfo', {}, token),
    api.get('/app/game/luckyLottery/sessionResultPage', { level: '1' }),
    api.get('/app/game/luckyLottery/voidSummary'),
  ]);
  return answers.map((answer) => answer.code);
}

const adminGet = async (api: TestApi, pathname: string) =>
  (await api.fetch(`/admin/${pathname}`, { headers: { Authorization: `Ops ${OPS_TOKEN}` } })).json() as Promise<{
    code: number;
    result: { replicas?: ReplicaStatus[]; warnings?: { kind: string }[] };
  }>;

describe('read replicas (DATABASE_REPLICA_URLS)', () => {
  describe('the primary itself as a replica: lag 0, and the reads are served through its pool', () => {
    let started: Started;
    beforeAll(async () => {
      started = await startWithReplicas(async (primary) => primary);
    });
    afterAll(() => started?.close());

    it('reports the replica healthy with no lag on /core/health, the operator health answer and the dashboard', async () => {
      const health = await started.api.get<{ status: string; replicas: ReplicaStatus[] }>('/health');
      expect(health.result.replicas).toEqual([
        expect.objectContaining({ name: `127.0.0.1:${new URL(started.databaseUrl).port || '5432'}`, healthy: true, lagMs: 0, lagBytes: 0 }),
      ]);
      expect(JSON.stringify(health.result)).not.toContain('postgres://');
      const ops = await adminGet(started.api, 'health');
      expect(ops.result.replicas?.[0]?.healthy).toBe(true);
      expect(ops.result.warnings?.map((w) => w.kind)).not.toContain('replicaSkipped');
      const dashboard = await adminGet(started.api, 'dashboard');
      expect(dashboard.code).toBe(200);
      expect(dashboard.result.replicas?.[0]?.healthy).toBe(true);
    });

    it('runs the history, records, team and dashboard reads on the replica connections, and writes on the primary', async () => {
      const replica = poolOf(started.server.services.reads.lagTolerant());
      expect(replica).toBeDefined();
      expect(replica).not.toBe(poolOf(started.server.db));
      expect(await readEverything(started.api, started.user)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
      const seen = await queryRows<{ query: string }>(
        started.server.db,
        sql`select query from pg_stat_activity where application_name = ${REPLICA_APPLICATION_NAME} and datname = current_database()`,
      );
      const statements = seen.map((row) => row.query).join('\n');
      // The tables of the reads above, each of which only a replica connection could have last run.
      expect(statements).toMatch(/game_bets|ledger_entries|withdrawals|recharge_orders|power_records|game_sessions|users/);
      expect(statements).not.toMatch(/^\s*(insert|update|delete)/im);
    });
  });

  describe('a replica that is down (a closed port)', () => {
    let started: Started;
    beforeAll(async () => {
      started = await startWithReplicas(async () => (await closedPortUrl()).replace('http://', 'postgres://postgres@'));
    });
    afterAll(() => started?.close());

    it('is skipped: every read still answers, from the primary', async () => {
      expect(started.server.services.reads.lagTolerant()).toBe(started.server.db);
      expect(await started.server.services.reads.forUser(started.user.id)).toBe(started.server.db);
      expect(await readEverything(started.api, started.user)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    });

    it('shows unhealthy, with unknown lag, on /core/health and to operators (with a warning), never a 500', async () => {
      const health = await started.api.get<{ replicas: ReplicaStatus[] }>('/health');
      expect(health.code).toBe(200);
      expect(health.result.replicas).toEqual([expect.objectContaining({ healthy: false, lagMs: null, lagBytes: null })]);
      const ops = await adminGet(started.api, 'health');
      expect(ops.code).toBe(200);
      expect(ops.result.warnings?.map((w) => w.kind)).toContain('replicaSkipped');
      expect((await adminGet(started.api, 'dashboard')).result.replicas?.[0]?.healthy).toBe(false);
    });
  });
});
