import type { PowerPurchase } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_STEPS } from '../../dailySteps';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client';
import {
  type CoreProcess,
  createEmptyPostgresDatabase,
  createTestContext,
  fundInDatabase,
  fundUser,
  nextPhone,
  registerThrough,
  registerUser,
  startCoreProcess,
  TestApi,
  type TestContext,
} from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { runDailyEarnings } from '../earning/job';
import { balancesOf } from '../ledger/ledger';
import { powerSessions } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
});
afterAll(() => ctx.close());

async function newSession(dailyLimit: number, price = 1_000n): Promise<number> {
  const [row] = await ctx.db
    .insert(powerSessions)
    .values({
      cateId: 9,
      cateName: 'Test',
      name: 'PG',
      coin: 'CASH',
      price,
      power: price,
      termDays: 2,
      dailyRateBps: 100,
      feeBps: 10,
      dailyLimit,
    })
    .returning();
  return row?.id ?? 0;
}

const perHolding = (type: string) =>
  queryRows<{ n: number; holdings: number }>(
    ctx.db,
    sql`select count(*)::int as n, count(distinct meta->>'holdingId')::int as holdings from ledger_transfers where type = ${type}`,
  );

describe('power on PostgreSQL', () => {
  it('50 concurrent buys at the daily limit: exactly the limit succeeds, the rest change nothing', async () => {
    ctx.clock.set('2026-09-01T09:00:00Z');
    const sessionId = await newSession(7, 100n);
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 100n * 50n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.api.post<PowerPurchase>(
          '/app/userPower/buyPower',
          { sessionId: String(sessionId) },
          { token: user.token, headers: { 'Idempotency-Key': `limit-${i}` } },
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(7);
    expect(answers.filter((a) => a.code === 10006)).toHaveLength(43);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(100n * 43n);
    const [held] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from power_holdings where user_id = ${user.id}`);
    expect(held?.n).toBe(7);
  });

  it('six runners at once on separate connections pay each holding once a day; a missed day is caught up once', async () => {
    ctx.clock.set('2026-09-10T09:00:00Z');
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
    const sessionId = await newSession(100);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => registerUser(ctx)));
    for (const buyer of buyers) {
      await fundUser(ctx, buyer.id, 'CASH', 3_000n);
      for (let i = 0; i < 3; i++) {
        expect((await ctx.api.post('/app/userPower/buyPower', { sessionId: String(sessionId) }, { token: buyer.token })).code).toBe(200);
      }
    }
    const before = await perHolding('power_income');
    // Down on the 11th; back on the 12th: the 10th and the 11th run now, by six runners at once,
    // in chunks of 5 holdings (12 holdings: the runners share a step-day's chunks).
    ctx.clock.set('2026-09-12T00:30:00Z');
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS, { chunkSize: 5 })),
    );
    // Every step of the job runs each day once, in total over the six runners (the other modules' steps too).
    const ran = runs.flat().filter((r) => r.ran);
    expect(ran.map((r) => `${r.step}:${r.day}`).sort()).toEqual(
      ['2026-09-10', '2026-09-11'].flatMap((day) => DAILY_STEPS.map((step) => `${step.name}:${day}`)).sort(),
    );
    expect(DAILY_STEPS.map((step) => step.name)).toEqual(expect.arrayContaining(['power-income', 'power-fee', 'power-maturity']));
    const after = await perHolding('power_income');
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(12 * 2); // 12 holdings x 2 days, once each
    const [incomes] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from power_incomes i join power_holdings h on h.id = i.holding_id where h.session_id = ${sessionId}`,
    );
    expect(incomes?.n).toBe(24);
    // Each buyer: 3 x (10 income - 1 fee) x 2 days, and the 30.00 back at maturity.
    for (const buyer of buyers) expect((await balancesOf(ctx.db, buyer.id)).CASH).toBe(3_000n + 3n * 9n * 2n);
    // Another pass the same day pays nothing more.
    await runDailyEarnings(ctx.db, ctx.clock, ctx.services.config, DAILY_STEPS);
    expect((await perHolding('power_income'))[0]?.n).toBe(after[0]?.n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 60_000);
});

describe('two core processes on one PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let handle: DatabaseHandle | undefined;
  const processes: CoreProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop()));
    await handle?.close();
    await database?.drop();
  });

  it('started together, they pay yesterday once', async () => {
    database = await createEmptyPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'power-test-secret-0123456789abcdef0123',
      DEV_OUTBOX: 'true',
      GAME_TICK_MS: '0',
      LEADER_CHECK_MS: '200',
    };
    const first = await startCoreProcess(env);
    processes.push(first);
    const api = new TestApi(first.url);
    handle = await openDatabase({ url: database.url, poolSize: 2 });
    const db = handle.db;
    const [session] = await queryRows<{ id: number }>(db, sql`select id from power_sessions order by id limit 1`);
    const users = [];
    for (let i = 0; i < 3; i++) {
      const user = await registerThrough(api, nextPhone());
      await fundInDatabase(db, user.id, 'CASH', 100_000n);
      const bought = await api.post('/app/userPower/buyPower', { sessionId: String(session?.id) }, { token: user.token });
      expect(bought.code).toBe(200);
      users.push(user);
    }
    await first.stop();
    processes.splice(0);
    // As if bought yesterday and the job had not run since.
    await db.execute(sql`update power_holdings set start_day = start_day - 1, end_day = end_day - 1`);
    await db.execute(sql`delete from earning_days`);
    const [yesterday] = await queryRows<{ day: string }>(db, sql`select min(start_day)::text as day from power_holdings`);
    processes.push(...(await Promise.all([startCoreProcess(env), startCoreProcess(env)])));
    for (const end = Date.now() + 20_000; ; ) {
      const [done] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from earning_days where step = 'power-fee' and day = ${yesterday?.day}`,
      );
      if (done?.n === 1) break;
      if (Date.now() > end) throw new Error('the daily job did not run in either process');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [paid] = await queryRows<{ n: number; holdings: number }>(
      db,
      sql`select count(*)::int as n, count(distinct meta->>'holdingId')::int as holdings from ledger_transfers where type = 'power_income'`,
    );
    expect(paid).toEqual({ n: 3, holdings: 3 });
    expect((await checkLedger(db)).ok).toBe(true);
  }, 90_000);
});
