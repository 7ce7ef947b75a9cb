import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundUser,
  nextGameSession,
  registerUser,
  TEST_BREAK_GLASS_TOKEN,
  TEST_OPS_TOKEN,
  type TestContext,
  testDatabaseKind,
} from './testing';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN } });
});
afterAll(() => ctx.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The Prometheus text format (0.0.4), strictly: every line a comment (HELP, TYPE) or a sample
 * `name{label="value",...} number`; a line that is neither fails the test.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/.exec(line);
    if (!match) throw new Error(`not the Prometheus text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(headers: Record<string, string> = { Authorization: `Bearer ${METRICS_TOKEN}` }): Promise<Sample[]> {
  const response = await ctx.api.fetch('/metrics', { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await response.text());
}

const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('GET /core/metrics', () => {
  it('refuses callers without the metrics token or an operator credential: 401 in the envelope', async () => {
    const user = await registerUser(ctx);
    const refused = [{}, { Authorization: 'Bearer wrong-token' }, { Authorization: user.token }, { Authorization: 'Ops wrong' }];
    for (const headers of refused as Record<string, string>[]) {
      const answer = await ctx.api.send('/metrics', { headers });
      expect(answer.code, JSON.stringify(headers)).toBe(401);
    }
    // The break-glass token only creates the first owner (permit() refuses it everywhere).
    expect((await ctx.api.send('/metrics', { headers: { Authorization: `Ops ${TEST_BREAK_GLASS_TOKEN}` } })).code).toBe(403);
  });

  it('answers Prometheus (bearer METRICS_TOKEN) and an operator with dashboard.read, in the text format', async () => {
    const samples = await scrape();
    expect(samples.length).toBeGreaterThan(10);
    const names = new Set(samples.map((s) => s.name));
    for (const name of ['prism_outbox_backlog', 'prism_withdrawals_pending', 'prism_withdrawals_pending_over_1h'])
      expect(names).toContain(name);
    expect(sumOf(samples, 'prism_outbox_backlog', { kind: 'bot' })).toBe(0);
    // The pool's counters exist on PostgreSQL only (PGlite has no pool).
    expect(names.has('prism_db_pool_max')).toBe(testDatabaseKind() === 'pg');
    await scrape({ Authorization: `Ops ${TEST_OPS_TOKEN}` });
  });

  it('times a request under its route pattern, never its raw path', async () => {
    await ctx.api.get('/app/game/luckyLottery/getSession', { level: '1' });
    await ctx.api.send('/admin/users/123456789', { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } });
    await ctx.api.send('/no/such/route/42', {});
    const samples = await scrape();
    const count = (route: string) => sumOf(samples, 'prism_http_request_duration_seconds_count', { route });
    expect(count('/core/app/game/luckyLottery/getSession')).toBeGreaterThanOrEqual(1);
    // An operator's user page: the pattern, with the id a placeholder; the unknown id is the caller's error.
    expect(sumOf(samples, 'prism_http_request_duration_seconds_count', { route: '/core/admin/users/:id', outcome: 'rejected' })).toBe(1);
    expect(count('(unmatched)')).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.labels.route?.includes('123456789') || s.labels.route?.includes('/42'))).toBe(false);
    const buckets = samples.filter(
      (s) => s.name === 'prism_http_request_duration_seconds_bucket' && s.labels.route === '/core/app/game/luckyLottery/getSession',
    );
    expect(buckets.find((s) => s.labels.le === '+Inf')?.value).toBe(count('/core/app/game/luckyLottery/getSession'));
  });

  it('counts a bet placed, by coin and kind, and not its replay; and the settlement of its session', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 1_000_000n);
    const before = sumOf(await scrape(), 'prism_bets_total', { coin: 'CHIP', kind: 'size' });
    const session = await nextGameSession(ctx);
    const form = {
      gameSessionId: String(session.id),
      betName: 'Big',
      baseAmount: '10',
      betMultiples: '1',
      totalBetAmount: '10.00',
      coin: 'CHIP',
    };
    const headers = { 'Idempotency-Key': 'metrics-bet-1' };
    expect((await ctx.api.post('/app/game/luckyLottery/betting', form, { token: user.token, headers })).code).toBe(200);
    expect((await ctx.api.post('/app/game/luckyLottery/betting', form, { token: user.token, headers })).code).toBe(200);
    const after = await scrape();
    expect(sumOf(after, 'prism_bets_total', { coin: 'CHIP', kind: 'size' }) - before).toBe(1);

    ctx.clock.set(new Date(session.sessionEndTime + 1_000));
    await ctx.services.game.scheduler.tick();
    expect(sumOf(await scrape(), 'prism_settlement_duration_seconds_count')).toBeGreaterThanOrEqual(1);
  });
});
