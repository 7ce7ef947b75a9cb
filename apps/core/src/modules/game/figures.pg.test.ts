import { AppError } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ManualClock } from '../../platform/clock';
import { createTestContext, fundUser, nextGameSession, registerUser, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { placeBet } from './betting';
import { checkBetFigures, repairBetFigures } from './figures';

/**
 * The operator's figure repair on a live system (PostgreSQL only: PGlite runs one transaction at a
 * time): repairs of a user run while that user's bets are placed and their sessions settled, and
 * afterwards every figure row still equals the sums over the bets. A repair that did not wait out
 * the bets in flight would count a bet twice (in the sums and by the bet's own upsert) or lose it.
 */
let ctx: TestContext;
let players: TestUser[];
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-11-23T10:00:10Z');
  players = [await registerUser(ctx), await registerUser(ctx)];
  for (const player of players) await fundUser(ctx, player.id, 'CHIP', 100_000_000n);
}, 120_000);
afterAll(() => ctx.close());

const ROUNDS = 60;
const BETS_PER_PLAYER = 6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function roundOnce(round: number): Promise<void> {
  // Each round in a new quarter hour: a player's first bet there creates their figure row, the
  // case where a repair that did not hold the bets back could deadlock with a bet.
  const session = await nextGameSession(ctx, 900_000);
  const betClock = new ManualClock(new Date(session.betEndTime - 1_000));
  ctx.clock.set(new Date(session.sessionEndTime + 500));
  const bets = players.flatMap((player, p) =>
    Array.from({ length: BETS_PER_PLAYER }, async (_, i) => {
      await pause((i * 7 + p * 3 + round * 5) % 40);
      const input = {
        gameSessionId: session.id,
        betName: i % 2 ? ('Big' as const) : ('Small' as const),
        baseAmount: 1_000n,
        betMultiples: 1,
        totalBetAmount: 1_000n,
        coin: 'CHIP' as const,
      };
      // A bet the settlement overtook is refused (ERROR_SESSION): that is the race, not a failure here.
      // Any other error (a deadlock with the repair, say) fails the test.
      await ctx.db
        .transaction((tx) => placeBet(tx, { clock: betClock }, player.id, input))
        .catch((error: unknown) => {
          if (!(error instanceof AppError && error.key === 'ERROR_SESSION')) throw error;
        });
    }),
  );
  // Two repairs a player among the bets (the first 45 ms), one during the settlement (a tick takes
  // about 90-170 ms here and writes the figures last).
  const at = (p: number, r: number) => (r < 2 ? (round * 11 + p * 17 + r * 13) % 45 : 60 + ((round * 23 + p * 41) % 120));
  const repairs = players.flatMap((player, p) => [0, 1, 2].map((r) => pause(at(p, r)).then(() => repairBetFigures(ctx.db, player.id))));
  const settle = pause((round * 3) % 50).then(() => ctx.services.game.scheduler.tick());
  await Promise.all([...bets, ...repairs, settle]);
  await ctx.services.game.scheduler.tick();
}

describe('figure repair while the user bets (PostgreSQL)', () => {
  it(`${ROUNDS} sessions, each with repairs among ${BETS_PER_PLAYER} bets a player and the settlement: the rows equal the bets`, async () => {
    for (let round = 0; round < ROUNDS; round++) await roundOnce(round);
    const ids = players.map((p) => p.id);
    const [placed] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from game_bets where user_id in (${ids[0]}, ${ids[1]})`,
    );
    // Bets land (here all 720; on a loaded machine some may reach their session after it settled).
    expect(placed?.n).toBeGreaterThan(ROUNDS);
    expect(await checkBetFigures(ctx.db)).toEqual([]);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  }, 120_000);
});
