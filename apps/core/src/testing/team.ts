import type { Asset } from '@prism/domain';
import type { Database } from '../db/client';
import { rebuildBetFigures } from '../modules/game';
import { gameBets, gameSessions } from '../modules/game/schema';

let betCounter = 0;

/**
 * A settled bet row as settlement leaves it, in a session of its own settled at the same time
 * (team figures tell a valid bet by its session; the stake's ledger side is not needed): a
 * winning bet WIN with its payout and settled time, a losing one untouched (PENDING, no settled
 * time: its settled session says it lost, game/outcome.ts). A
 * pending bet's session is open until 2100 (or until `endAt`), in a room no scheduler runs (99);
 * `state` 'drawn' leaves it pending in a drawn session, 'void' refunds it (DRAW) in a void one.
 * The user's figure rows (game_user_quarters, game_user_totals) are rewritten from their bets.
 */
export async function seedBet(
  db: Database,
  userId: number,
  bet: { total: bigint; payout?: bigint; coin?: Asset; at: Date; settledAt?: Date | null; endAt?: Date; state?: 'drawn' | 'void' },
): Promise<void> {
  betCounter += 1;
  const payout = bet.state === 'void' ? bet.total : (bet.payout ?? 0n);
  const settledAt = bet.state ? null : bet.settledAt === undefined ? new Date(bet.at.getTime() + 60_000) : bet.settledAt;
  const periodId = `seed-${process.pid}-${betCounter}`;
  const far = new Date('2100-01-01T00:00:00Z');
  const [session] = await db
    .insert(gameSessions)
    .values({
      level: 99,
      periodId,
      startAt: bet.at,
      betEndAt: bet.endAt ?? settledAt ?? far,
      endAt: bet.endAt ?? settledAt ?? far,
      chainId: 0,
      chainIndex: betCounter,
      commitment: 'seed',
      seedSealed: 'seed',
      beaconName: 'seed',
      beaconRound: 0,
      status: bet.state ?? (settledAt === null ? 'open' : 'settled'),
      settledAt,
      createdAt: bet.at,
    })
    .returning({ id: gameSessions.id });
  await db.insert(gameBets).values({
    orderNo: periodId,
    userId,
    sessionId: session?.id ?? 0,
    level: 99,
    periodId,
    betName: 'Red',
    baseAmount: bet.total,
    multiples: 1,
    total: bet.total,
    fee: 0n,
    coin: bet.coin ?? 'CHIP',
    status: bet.state === 'void' ? 'DRAW' : settledAt === null || payout === 0n ? 'PENDING' : 'WIN',
    payout,
    createdAt: bet.at,
    settledAt: payout === 0n ? null : settledAt,
  });
  // The player's figure rows as place_bet and settlement would have left them (game/figures.ts).
  await rebuildBetFigures(db, [userId]);
}
