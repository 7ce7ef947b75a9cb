import { formatMoney } from '@prism/domain';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';
import { advisorOrders } from './schema';

/** The player's follow-invest orders for their data export, oldest first. */
export function exportFollowInvestOrders(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(advisorOrders)
        .where(and(eq(advisorOrders.userId, userId), gt(advisorOrders.id, afterId)))
        .orderBy(asc(advisorOrders.id))
        .limit(limit),
    ),
    (row) => ({
      product: 'followInvest',
      id: row.id,
      name: row.blogger,
      coin: row.coin,
      amount: formatMoney(row.stakingAmount),
      gift: formatMoney(row.giftAmount),
      income: formatMoney(row.incomeAmount),
      fee: formatMoney(row.feeAmount),
      days: row.days,
      startDay: row.startDay,
      endDay: row.endDay,
      status: row.status,
      openedAt: isoOrNull(row.createdAt),
      endedAt: isoOrNull(row.maturedAt),
    }),
  );
}

/** How many of the user's follow-invest orders still hold their stake (account deletion waits for them). */
export async function holdingFollowInvestCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(advisorOrders)
    .where(and(eq(advisorOrders.userId, userId), eq(advisorOrders.status, 'holding')));
  return row?.n ?? 0;
}
