import { BET_NAMES, betFee, DEFAULT_ODDS, figureQuarter, type GameOdds, type GameResult, multiplierBps, settleBet } from '@prism/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestContext, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';
import { betSettledAtSql, betStatusSql } from './outcome';
import { loadRoom } from './rooms';
import { gameBets, gameLevels, gameSessions } from './schema';
import { ensureCurrentSession } from './sessions';
import { settleSession } from './settle';

/**
 * The payout rule is written twice: settleBet of @prism/domain (what screens,
 * docs and the invariants use) and the settlement SQL (which multiplies the
 * domain's multipliers in the database, truncating in integer arithmetic).
 * This ties them: sessions settled through the real SQL for every result, every bet name, stakes from 0.01 to 160,493.71 and
 * four odds configurations (with odd fees and multipliers, so any difference in
 * rounding shows), and every status, fee and payout compared with settleBet (the status as
 * every reader reads it: a losing bet's row is left as placed, outcome.ts).
 */
const LEVEL = 9;
const BASES = [1n, 37n, 123n, 9_999n, 1_234_567n];
const MULTIPLES = [1, 3, 7, 13];
const ODDS: GameOdds[] = [
  DEFAULT_ODDS,
  { feeBps: 0, colourBps: 20_000, colourOnVioletBps: 15_000, violetBps: 45_000, numberBps: 90_000, sizeBps: 20_000 },
  { feeBps: 333, colourBps: 19_999, colourOnVioletBps: 14_999, violetBps: 45_001, numberBps: 90_007, sizeBps: 19_993 },
  { feeBps: 5_000, colourBps: 10_001, colourOnVioletBps: 7_777, violetBps: 33_333, numberBps: 123_457, sizeBps: 10_003 },
];

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:10Z');
  await ctx.db.insert(gameLevels).values({
    level: LEVEL,
    levelName: 'Payouts',
    sessionSeconds: 60,
    betCloseSeconds: 5,
    betBaseAmounts: BASES.join(','),
    betMultiples: MULTIPLES.join(','),
    chipMinLimit: 1n,
    chipMaxLimit: 1_000_000_000n,
    betAmountMax: 1_000_000_000_000n,
    odds: DEFAULT_ODDS,
  });
  user = await registerUser(ctx);
});
afterAll(() => ctx.close());

/** The stakes of one session: every bet name, four times, base and multiples walking the room's lists. */
function stakesFor(round: number): { betName: (typeof BET_NAMES)[number]; base: bigint; multiples: number }[] {
  return BET_NAMES.flatMap((betName, k) =>
    [0, 1, 2, 3].map((s) => ({
      betName,
      base: BASES[(k + 3 * s + round) % BASES.length] as bigint,
      multiples: MULTIPLES[(7 * k + s + round) % MULTIPLES.length] as number,
    })),
  );
}

async function settleOne(odds: GameOdds, result: GameResult, round: number): Promise<number> {
  const now = ctx.clock.now().getTime();
  ctx.clock.set(new Date((Math.floor(now / 60_000) + 1) * 60_000 + 1_000));
  const level = await loadRoom(ctx.db, LEVEL);
  const made = await ctx.db.transaction((tx) => ensureCurrentSession(tx, ctx.services.game.chainDeps, level, ctx.clock.now()));
  if (!made) throw new Error('no session');
  // The bets as placeBet writes them (its fee is betFee of the domain); inserted in one statement to keep the test quick.
  await ctx.db.insert(gameBets).values(
    stakesFor(round).map((stake, i) => {
      const total = stake.base * BigInt(stake.multiples);
      return {
        orderNo: `P${made.session.periodId}${i}`,
        userId: user.id,
        sessionId: made.session.id,
        level: LEVEL,
        periodId: made.session.periodId,
        betName: stake.betName,
        baseAmount: stake.base,
        multiples: stake.multiples,
        total,
        fee: betFee(total, odds),
        // Two coins in every session: fees and payouts are moved per coin.
        coin: i % 2 ? 'GOLD' : 'CHIP',
        status: 'PENDING',
        createdAt: ctx.clock.now(),
      };
    }),
  );
  // The draw's outcome, set directly: this test is about pricing, not about how results are drawn.
  const [drawn] = await ctx.db
    .update(gameSessions)
    .set({ status: 'drawn', result, drawnAt: ctx.clock.now() })
    .where(eq(gameSessions.id, made.session.id))
    .returning();
  if (!drawn) throw new Error('not drawn');
  const before = await balancesOf(ctx.db, user.id);
  // The player's settled figures of this quarter hour (game_user_quarters), before and after.
  const figures = async () =>
    (
      await queryRows<{ staked: string; payout: string }>(
        ctx.db,
        sql`select coalesce(sum(staked), 0)::text as staked, coalesce(sum(payout), 0)::text as payout from game_user_quarters
            where user_id = ${user.id} and settled and quarter = ${figureQuarter(ctx.clock.now()).toISOString()}::timestamptz`,
      )
    )[0] ?? { staked: '0', payout: '0' };
  const figuresBefore = await figures();
  const { report, updates } = await ctx.db.transaction(async (tx) => {
    // This transaction's own row counts, before and after: every winning bet's row updated in place (HOT), no
    // index touched, and no losing bet's row written at all.
    const counts = async () =>
      (
        await queryRows<{ updated: number; hot: number }>(
          tx,
          sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables where relname = 'game_bets'`,
        )
      )[0] ?? { updated: 0, hot: 0 };
    const before = await counts();
    const settled = await settleSession(tx, ctx.clock, drawn, odds);
    const after = await counts();
    return { report: settled, updates: { updated: after.updated - before.updated, hot: after.hot - before.hot } };
  });
  const winners = BET_NAMES.filter((name) => multiplierBps(name, result, odds) > 0).length * 4;
  expect(winners).toBeGreaterThan(0);
  expect(updates).toEqual({ updated: winners, hot: winners });

  // Read as every reader reads a bet's outcome (outcome.ts): a losing bet's row is as placed.
  const bets = await ctx.db
    .select({
      betName: gameBets.betName,
      total: gameBets.total,
      fee: gameBets.fee,
      payout: gameBets.payout,
      stored: gameBets.status,
      coin: gameBets.coin,
      status: betStatusSql('game_bets', 'game_sessions'),
      settledAt: betSettledAtSql('game_bets', 'game_sessions'),
    })
    .from(gameBets)
    .innerJoin(gameSessions, eq(gameSessions.id, gameBets.sessionId))
    .where(eq(gameBets.sessionId, drawn.id));
  expect(bets).toHaveLength(BET_NAMES.length * 4);
  expect(bets.filter((bet) => bet.stored === 'PENDING')).toHaveLength(bets.length - winners);
  const paid = { CHIP: 0n, GOLD: 0n };
  const fees = { CHIP: 0n, GOLD: 0n };
  for (const bet of bets) {
    const expected = settleBet(bet.betName as (typeof BET_NAMES)[number], bet.total, result, odds);
    expect(new Date(bet.settledAt ?? 0).toISOString()).toBe(ctx.clock.now().toISOString());
    const seen = { status: bet.status, fee: bet.fee, payout: bet.payout };
    expect(seen, `${bet.betName} ${bet.total} on ${result}, fee ${odds.feeBps}`).toEqual({
      status: expected.status,
      fee: expected.fee,
      payout: expected.payout,
    });
    paid[bet.coin as keyof typeof paid] += expected.payout;
    fees[bet.coin as keyof typeof fees] += expected.fee;
  }
  expect(report?.bets).toBe(bets.length);
  expect(BigInt(report?.paid.CHIP ?? '0')).toBe(paid.CHIP);
  expect(BigInt(report?.paid.GOLD ?? '0')).toBe(paid.GOLD);
  const after = await balancesOf(ctx.db, user.id);
  expect({ CHIP: after.CHIP, GOLD: after.GOLD }).toEqual({ CHIP: before.CHIP + paid.CHIP, GOLD: before.GOLD + paid.GOLD });
  // The fee of every bet, winners and losers, moved once per coin.
  const moved = await queryRows<{ asset: string; amount: string }>(
    ctx.db,
    sql`select asset, sum(amount)::text as amount from ledger_transfers
        where reference = ${`session:${drawn.periodId}`} and type = 'fee' group by asset`,
  );
  const movedOf = (asset: string) => BigInt(moved.find((m) => m.asset === asset)?.amount ?? '0');
  expect({ CHIP: movedOf('CHIP'), GOLD: movedOf('GOLD') }).toEqual(fees);
  // Settlement added every bet's stake, won or lost, and every payout to the player's row of the
  // quarter (CHIP and GOLD are both of the CASH family), once.
  const figuresAfter = await figures();
  expect({
    staked: BigInt(figuresAfter.staked) - BigInt(figuresBefore.staked),
    payout: BigInt(figuresAfter.payout) - BigInt(figuresBefore.payout),
  }).toEqual({ staked: bets.reduce((sum, bet) => sum + bet.total, 0n), payout: paid.CHIP + paid.GOLD });
  return bets.length;
}

describe('settlement SQL against the domain payout rule', () => {
  it('every payout, fee and status the SQL writes equals settleBet, for every result and four odds configurations', async () => {
    let compared = 0;
    let round = 0;
    for (const odds of ODDS) {
      await ctx.db.update(gameLevels).set({ odds }).where(eq(gameLevels.level, LEVEL));
      for (let result = 0; result <= 9; result++) compared += await settleOne(odds, result as GameResult, round++);
    }
    expect(compared).toBe(ODDS.length * 10 * BET_NAMES.length * 4);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 120_000);
});
