import { formatMoney, type GameSession, type UserInfo } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  createTestContext,
  fundUser,
  registerUser,
  TEST_OPS_TOKEN,
  type TestContext,
  type TestUser,
  testDatabaseKind,
} from '../../testing';
import { seedBet } from '../../testing/team';
import { figureMismatchesSql } from '../game/figures';
import { betSettledAtSql, betStatusSql } from '../game/outcome';
import { transfer } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
});
afterAll(() => ctx.close());

const infoOf = async (user: TestUser) => (await ctx.api.get<UserInfo>('/app/user/getUserInfo', {}, { token: user.token })).result;
const at = (iso: string) => new Date(iso);

/**
 * The figures as their definitions say, from each bet's outcome as outcome.ts reads it (one full
 * read of the user's bets): what getUserInfo's one statement, which reads the totals from an
 * index and the day's figures from the day's sessions only, must equal.
 */
async function direct(userId: number, start: string, end: string) {
  const [row] = await queryRows<Record<string, string>>(
    ctx.db,
    sql`with b as (
      select b.user_id, b.coin, b.total, b.payout, b.created_at, ${betStatusSql('b', 's')} as status, ${betSettledAtSql('b', 's')} as settled_at
      from game_bets b join game_sessions s on s.id = b.session_id)
    select
      coalesce(sum(total) filter (where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz and status <> 'DRAW'), 0)::text as placed,
      coalesce(sum(payout) filter (where status in ('WIN', 'LOSE') and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz), 0)::text as income,
      coalesce(sum(payout - total) filter (where status in ('WIN', 'LOSE') and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz), 0)::text as win,
      coalesce(sum(total) filter (where status <> 'DRAW'), 0)::text as total
    from b where user_id = ${userId} and coin <> 'USDT'`,
  );
  return {
    todayBetAmount: formatMoney(BigInt(row?.placed ?? '0')),
    todayBetIncome: formatMoney(BigInt(row?.income ?? '0')),
    todayWin: formatMoney(BigInt(row?.win ?? '0')),
    totalBetAmount: formatMoney(BigInt(row?.total ?? '0')),
  };
}

describe('getUserInfo figures', () => {
  it('equal their definitions for bets in settled, open, drawn, void, late-settled and midnight-spanning sessions', async () => {
    ctx.clock.set('2026-09-02T08:00:00Z');
    const user = await registerUser(ctx);
    const other = await registerUser(ctx);
    // In the order the sessions would be created (session ids grow with time, as in production).
    await seedBet(ctx.db, user.id, { total: 7_000n, payout: 13_720n, at: at('2026-08-31T10:00:00Z') });
    // Ended yesterday, settled only today (a late beacon): its payout is today's income.
    await seedBet(ctx.db, user.id, {
      total: 3_000n,
      payout: 5_880n,
      at: at('2026-09-01T23:50:00Z'),
      endAt: at('2026-09-01T23:55:00Z'),
      settledAt: at('2026-09-02T00:20:00Z'),
    });
    await seedBet(ctx.db, user.id, { total: 2_000n, at: at('2026-09-01T12:00:00Z'), state: 'void' });
    // Placed yesterday in a session that ends and settles after midnight: income today, stake yesterday.
    await seedBet(ctx.db, user.id, {
      total: 1_100n,
      payout: 2_156n,
      at: at('2026-09-01T23:59:30Z'),
      settledAt: at('2026-09-02T00:00:30Z'),
    });
    await seedBet(ctx.db, other.id, { total: 9_900n, payout: 19_404n, at: at('2026-09-02T01:00:00Z') });
    await seedBet(ctx.db, user.id, { total: 500n, at: at('2026-09-02T02:00:00Z') });
    await seedBet(ctx.db, user.id, { total: 800n, payout: 1_568n, coin: 'USDT', at: at('2026-09-02T03:00:00Z') });
    await seedBet(ctx.db, user.id, { total: 4_000n, at: at('2026-09-02T06:00:00Z'), state: 'void' });
    await seedBet(ctx.db, user.id, { total: 600n, at: at('2026-09-02T07:58:00Z'), state: 'drawn' });
    await seedBet(ctx.db, user.id, { total: 400n, at: at('2026-09-02T07:59:30Z'), settledAt: null });

    const info = await infoOf(user);
    const expected = await direct(user.id, '2026-09-02T00:00:00Z', '2026-09-03T00:00:00Z');
    expect(info).toMatchObject(expected);
    // And by hand, so that the reference itself is checked: placed today 5 + 6 + 4 (CASH family, not void).
    expect(expected).toEqual({ todayBetAmount: '15.00', todayBetIncome: '80.36', todayWin: '34.36', totalBetAmount: '126.00' });
    // The level's bet figure counts every coin at its value in CASH but no refunded stake: 126 + 8 USDT x 85.
    const levels = await ctx.api.get<{ levels: { tasks: { kind: string; progress: string }[] }[] }>(
      '/app/level/list',
      {},
      { token: user.token },
    );
    const betTask = levels.result.levels.flatMap((level) => level.tasks).find((task) => task.kind === 'bet');
    expect(betTask?.progress).toBe('806.00');
  });

  it('equal their definitions for real bets in unsettled sessions: inside the day, before it, across midnight, CHIP and USDT', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CHIP', 1_000_000n);
    await fundUser(ctx, user.id, 'USDT', 100_000n);
    const session = async (level: number) =>
      (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: String(level) })).result;
    const bet = async (s: GameSession, base: string, multiples: string, coin: string) => {
      const form = { gameSessionId: String(s.id), betName: 'Big', baseAmount: base, betMultiples: multiples, coin };
      const answer = await ctx.api.post(
        '/app/game/luckyLottery/betting',
        {
          ...form,
          totalBetAmount: (Number(base) * Number(multiples)).toFixed(2),
        },
        { token: user.token },
      );
      expect(answer.code, JSON.stringify(answer)).toBe(200);
    };
    // Yesterday: a one-minute session whose window will be stretched over midnight, and a
    // five-minute one that closes before midnight and stays undrawn (no tick runs here).
    ctx.clock.set('2026-09-06T23:59:20Z');
    const overMidnight = await session(1);
    await bet(overMidnight, '10', '5', 'CHIP');
    await bet(overMidnight, '10', '1', 'USDT');
    await bet(await session(3), '10', '10', 'CHIP');
    // As a longer room would have it: the window runs on past midnight.
    await queryRows(
      ctx.db,
      sql`update game_sessions set bet_end_at = '2026-09-07T00:00:50Z', end_at = '2026-09-07T00:01:00Z' where id = ${overMidnight.id}`,
    );
    ctx.clock.set('2026-09-07T00:00:20Z');
    await bet(overMidnight, '100', '1', 'CHIP');
    // Today, inside the day: a three-minute session, CHIP and USDT.
    const today = await session(2);
    await bet(today, '10', '1', 'CHIP');
    await bet(today, '10', '5', 'USDT');
    await bet(today, '1', '5', 'CHIP');
    const [stakes] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from game_session_stakes where user_id = ${user.id}`,
    );
    expect(stakes?.n).toBe(3);

    const info = await infoOf(user);
    const expected = await direct(user.id, '2026-09-07T00:00:00Z', '2026-09-08T00:00:00Z');
    expect(info).toMatchObject(expected);
    // By hand: today 100 (over midnight, after it) + 10 + 5; in all 50 + 100 + 100 + 10 + 5 (CASH family).
    expect(expected).toEqual({ todayBetAmount: '115.00', todayBetIncome: '0.00', todayWin: '0.00', totalBetAmount: '265.00' });
  });

  it('equal their definitions for real bets placed and settled over midnight and over a time-zone change: winners and losers, CHIP and USDT', async () => {
    const players = [await registerUser(ctx), await registerUser(ctx)];
    for (const p of players) {
      await fundUser(ctx, p.id, 'CHIP', 10_000_000n);
      await fundUser(ctx, p.id, 'USDT', 1_000_000n);
    }
    const session = async () => (await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
    const bet = async (p: TestUser, s: GameSession, betName: string, base: string, multiples: string, coin: string) => {
      const form = { gameSessionId: String(s.id), betName, baseAmount: base, betMultiples: multiples, coin };
      const answer = await ctx.api.post(
        '/app/game/luckyLottery/betting',
        { ...form, totalBetAmount: (Number(base) * Number(multiples)).toFixed(2) },
        { token: p.token },
      );
      expect(answer.code, JSON.stringify(answer)).toBe(200);
    };
    const [first, second] = players as [TestUser, TestUser];
    // One-minute sessions around Kolkata's midnight (18:30 UTC) and UTC's: each settled by the
    // scheduler half a second after it ends, so the last ones are settled the next day. Big and
    // Small: one of them wins every result.
    for (const minute of ['2026-09-10T18:29', '2026-09-10T18:30', '2026-09-10T23:58', '2026-09-10T23:59', '2026-09-11T00:00']) {
      ctx.clock.set(`${minute}:10Z`);
      const s = await session();
      await bet(first, s, 'Big', '10', '5', 'CHIP');
      await bet(first, s, 'Small', '100', '1', 'CHIP');
      await bet(first, s, 'Red', '10', '1', 'USDT');
      await bet(second, s, '5', '10', '1', 'CHIP');
      ctx.clock.set(new Date(s.sessionEndTime + 500));
      expect((await ctx.services.game.scheduler.tick()).settled.map((r) => r.periodId)).toContain(s.periodId);
    }
    // The same rows read as any day of any zone: UTC's 10th and 11th, Kolkata's 10th and 11th.
    const days = [
      { zone: 'UTC', now: '2026-09-11T00:05:00Z', start: '2026-09-11T00:00:00Z', end: '2026-09-12T00:00:00Z' },
      { zone: 'UTC', now: '2026-09-10T23:59:59Z', start: '2026-09-10T00:00:00Z', end: '2026-09-11T00:00:00Z' },
      { zone: 'Asia/Kolkata', now: '2026-09-11T00:05:00Z', start: '2026-09-10T18:30:00Z', end: '2026-09-11T18:30:00Z' },
      { zone: 'Asia/Kolkata', now: '2026-09-10T18:29:59Z', start: '2026-09-09T18:30:00Z', end: '2026-09-10T18:30:00Z' },
    ];
    const seen: string[] = [];
    for (const day of days) {
      await ctx.services.config.set('PLATFORM_TIME_ZONE', day.zone);
      ctx.clock.set(day.now);
      for (const p of players) {
        const expected = await direct(p.id, day.start, day.end);
        expect(await infoOf(p), `${day.zone} ${day.now}`).toMatchObject(expected);
        seen.push(`${expected.todayBetAmount}/${expected.todayBetIncome}`);
      }
    }
    await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
    // The days differ (the test would not notice a wrong day otherwise): UTC's 11th holds one
    // session's stakes (the first player's 150 CHIP), its 10th four.
    expect(seen[0]?.startsWith('150.00/')).toBe(true);
    expect(seen[2]?.startsWith('600.00/')).toBe(true);
    // And the rows themselves are the sums over the bets (game/figures.ts).
    expect(await queryRows(ctx.db, figureMismatchesSql(players.map((p) => p.id)))).toEqual([]);
  });

  it('show recharges, the turnover lock, yesterday’s commission and the sign-in streak as the ledger and their tables have them', async () => {
    ctx.clock.set('2026-09-05T09:00:00Z');
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 300_000n, 20_000);
    await fundUser(ctx, user.id, 'USDT', 5_000n);
    const rebate = async (period: string, amount: bigint, n: number) =>
      ctx.db.transaction((tx) =>
        transfer(
          tx,
          {
            asset: 'CASH',
            from: { system: 'rebates' },
            to: { userId: user.id },
            amount,
            type: 'rebate',
            reference: `rebate:bet:${period}`,
            idempotencyKey: `test-rebate:${user.id}:${n}`,
            meta: { kind: 'bet', level: 1, period },
          },
          ctx.clock.now(),
        ),
      );
    await rebate('2026-09-04', 150n, 1);
    await rebate('2026-09-04', 25n, 2);
    await rebate('2026-09-03', 999n, 3);
    await queryRows(
      ctx.db,
      sql`insert into sign_ins (user_id, sign_date, streak_day, asset, reward, created_at) values (${user.id}, '2026-09-04', 3, 'CASH', 0, now())`,
    );
    const info = await infoOf(user);
    expect(info).toMatchObject({
      cash: '3011.74',
      recharge: '3000.00',
      usdtRecharge: '50.00',
      usdtBalance: '50.00',
      yesterdayCommission: '1.75',
      // Signed yesterday as day 3: the streak stands at 3 until today's sign-in.
      signInDay: 3,
      turnoverLocks: [{ coin: 'CASH', locked: '3000.00', needed: '6000.00' }],
    });
    // The recharge is locked by its turnover rule; the rebates are free to withdraw.
    expect(info.cashWithdrawBalance).toBe('11.74');
  });
});

describe('configuration kept in process', () => {
  const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };

  it("is read afresh right after the operator's edit: settings, level names and rooms", async () => {
    const user = await registerUser(ctx);
    expect((await infoOf(user)).levelName).toBe('V0');
    await ctx.services.levelAdmin.setLevel({ level: 0, name: 'Rookie' });
    expect((await infoOf(user)).levelName).toBe('Rookie');
    await ctx.services.config.set('CUSTOMER_SERVICE_URL', 'https://help.example/a');
    expect((await infoOf(user)).customerServiceUrl).toBe('https://help.example/a');
    const room = async () =>
      (await ctx.api.get<{ level: number; levelName: string }[]>('/app/game/luckyLottery/getLevelList')).result.find((l) => l.level === 2);
    const before = await room();
    const renamed = await ctx.api.post('/admin/game/levels', { level: '2', levelName: 'Three minutes' }, asOperator);
    expect(renamed.code).toBe(200);
    expect((await room())?.levelName).toBe('Three minutes');
    await ctx.api.post('/admin/game/levels', { level: '2', levelName: before?.levelName ?? '3 Min' }, asOperator);
    expect((await room())?.levelName).toBe(before?.levelName);
  });
});

describe("getUserInfo's prepared statement on PostgreSQL", () => {
  // A custom plan of this statement took 8.8 ms to plan against 0.37 ms for the generic one
  // (docs/performance.md, "getUserInfo"): PostgreSQL must settle on the generic plan, which it
  // weighs after five custom ones per connection. A change that made the planner keep custom
  // plans would cost every call those milliseconds; this fails first.
  it.runIf(testDatabaseKind() === 'pg')('is planned generically after its first runs on a connection', async () => {
    const user = await registerUser(ctx);
    // Called one after another, each call gets the connection the last one gave back (pg-pool's
    // idle list is a stack), and so does the query of the statement's counters below.
    for (let i = 0; i < 8; i++) await ctx.services.users.getUserInfo(user.id);
    const [counts] = await queryRows<{ generic: number; custom: number }>(
      ctx.db,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'user_info'`,
    );
    expect(counts?.generic).toBeGreaterThan(0);
    expect(counts?.custom).toBeLessThanOrEqual(5);
  });
});

describe('getUserInfo read together on PostgreSQL', () => {
  // A pool of ONE connection: while one call runs, the others wait and are read together
  // (db/scalars.ts ScalarBatch): one statement for all of them.
  let busy: TestContext;
  beforeAll(async () => {
    if (testDatabaseKind() === 'pg') busy = await createTestContext({ poolSize: 1 });
  });
  afterAll(() => busy?.close());
  const readsTogether = async () => {
    const response = await busy.api.fetch('/metrics', { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } });
    const line = (await response.text()).split('\n').find((l) => l.startsWith('prism_reads_batched_total{statement="user_info"}'));
    return Number(line?.split(' ')[1] ?? 0);
  };

  it.runIf(testDatabaseKind() === 'pg')("answers each user's own figures, as read alone", async () => {
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await registerUser(busy));
    for (const [i, user] of users.entries()) await fundUser(busy, user.id, 'CASH', BigInt(100 * (i + 1)));
    const alone = [];
    for (const user of users) alone.push(await busy.services.users.getUserInfo(user.id));
    const before = await readsTogether();
    const together = await Promise.all(users.map((user) => busy.services.users.getUserInfo(user.id)));
    expect(together).toEqual(alone);
    expect(new Set(together.map((info) => info.cash)).size).toBe(users.length);
    // The first call ran alone, the five that waited went together.
    expect((await readsTogether()) - before).toBe(users.length - 1);
  });

  // As the statement alone (above): a plan for the values of a batch (a custom plan) knows how
  // many users it reads and was always dearer than the generic plan's guess, so PostgreSQL planned
  // every batch afresh until the calls' places came from a fixed series (db/scalars.ts).
  it.runIf(testDatabaseKind() === 'pg')('is planned generically after its first batches on a connection', async () => {
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await registerUser(busy));
    // Batches of 2 to 5 users (the first call of each round runs alone, the others wait for it).
    for (let round = 0; round < 8; round++)
      await Promise.all(users.slice(0, 3 + (round % 4)).map((user) => busy.services.users.getUserInfo(user.id)));
    const [counts] = await queryRows<{ generic: number; custom: number }>(
      busy.db,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'user_info_batch'`,
    );
    expect(counts?.generic).toBeGreaterThan(0);
    expect(counts?.custom).toBeLessThanOrEqual(5);
  });
});
