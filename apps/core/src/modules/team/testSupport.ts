import type { Asset } from '@prism/domain';
import type { Database } from '../../db/client';
import { gameBets, gameSessions } from '../game/schema';

let betCounter = 0;

/**
 * A settled bet row as settlement leaves it, in a session of its own settled at the same time
 * (team figures tell a valid bet by its session; the stake's ledger side is not needed). A
 * pending bet's session is open until 2100, in a room no scheduler runs (99).
 */
export async function seedBet(
  db: Database,
  userId: number,
  bet: { total: bigint; payout?: bigint; coin?: Asset; at: Date; settledAt?: Date | null },
): Promise<void> {
  betCounter += 1;
  const payout = bet.payout ?? 0n;
  const settledAt = bet.settledAt === undefined ? new Date(bet.at.getTime() + 60_000) : bet.settledAt;
  const periodId = `seed-${process.pid}-${betCounter}`;
  const far = new Date('2100-01-01T00:00:00Z');
  const [session] = await db
    .insert(gameSessions)
    .values({
      level: 99,
      periodId,
      startAt: bet.at,
      betEndAt: settledAt ?? far,
      endAt: settledAt ?? far,
      chainId: 0,
      chainIndex: betCounter,
      commitment: 'seed',
      seedSealed: 'seed',
      beaconName: 'seed',
      beaconRound: 0,
      status: settledAt === null ? 'open' : 'settled',
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
    status: settledAt === null ? 'PENDING' : payout > 0n ? 'WIN' : 'LOSE',
    payout,
    createdAt: bet.at,
    settledAt,
  });
}
