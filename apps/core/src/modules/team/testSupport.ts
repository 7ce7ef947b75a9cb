import type { Asset } from '@prism/domain';
import type { Database } from '../../db/client';
import { gameBets } from '../game/schema';

let betCounter = 0;

/** A settled bet row as settlement leaves it (team figures read game_bets only; the stake's ledger side is not needed). */
export async function seedBet(
  db: Database,
  userId: number,
  bet: { total: bigint; payout?: bigint; coin?: Asset; at: Date; settledAt?: Date | null },
): Promise<void> {
  betCounter += 1;
  const payout = bet.payout ?? 0n;
  const settledAt = bet.settledAt === undefined ? new Date(bet.at.getTime() + 60_000) : bet.settledAt;
  await db.insert(gameBets).values({
    orderNo: `seed-${process.pid}-${betCounter}`,
    userId,
    sessionId: 0, // no real session: the game's settlement never touches seeded rows
    level: 1,
    periodId: 'seed',
    betName: 'Red',
    baseAmount: bet.total,
    multiples: 1,
    total: bet.total,
    fee: 0n,
    coin: bet.coin ?? 'CHIP',
    status: settledAt === null ? 'PENDING' : payout > 0n ? 'WIN' : 'LOSE',
    payout,
    createdAt: bet.at,
    settledAt,
  });
}
