import { formatMoney } from '@prism/domain';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';
import { chainDeposits, rechargeOrders } from './schema';

/** A gateway order still unpaid after this long is taken as abandoned: it no longer holds up an account's deletion. */
export const RECHARGE_IN_FLIGHT_MS = 24 * 3_600_000;

/** The player's money in for their data export: gateway orders, then USDT deposits seen on chain, each oldest first. */
export async function* exportRecharges(db: Executor, userId: number): AsyncGenerator<ExportRow> {
  yield* mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.userId, userId), gt(rechargeOrders.id, afterId)))
        .orderBy(asc(rechargeOrders.id))
        .limit(limit),
    ),
    (row) => ({
      kind: 'order',
      reference: row.orderNo,
      time: isoOrNull(row.createdAt),
      coin: row.currency,
      amount: formatMoney(row.amount),
      paidAmount: row.paidAmount === null ? null : formatMoney(row.paidAmount),
      channel: row.payChannelName,
      status: row.status,
      completedAt: isoOrNull(row.completedAt),
    }),
  );
  yield* mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(chainDeposits)
        .where(and(eq(chainDeposits.userId, userId), gt(chainDeposits.id, afterId)))
        .orderBy(asc(chainDeposits.id))
        .limit(limit),
    ),
    (row) => ({
      kind: 'chainDeposit',
      reference: row.txHash,
      time: isoOrNull(row.createdAt),
      coin: 'USDT',
      amount: formatMoney(row.amount),
      paidAmount: formatMoney(row.amount),
      channel: row.network,
      status: row.status,
      completedAt: isoOrNull(row.creditedAt),
    }),
  );
}

/**
 * Money on its way in (account deletion waits for it): gateway orders opened in the last
 * RECHARGE_IN_FLIGHT_MS and still unpaid, and chain deposits seen but not yet credited.
 */
export async function pendingRechargeCount(db: Executor, userId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - RECHARGE_IN_FLIGHT_MS);
  const [orders] = await db
    .select({ n: count() })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.status, 'pending'), gt(rechargeOrders.createdAt, since)));
  const [deposits] = await db
    .select({ n: count() })
    .from(chainDeposits)
    .where(and(eq(chainDeposits.userId, userId), eq(chainDeposits.status, 'pending')));
  return (orders?.n ?? 0) + (deposits?.n ?? 0);
}
