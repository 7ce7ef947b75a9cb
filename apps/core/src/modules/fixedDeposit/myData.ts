import { formatMoney } from '@prism/domain';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';
import { fixedDeposits } from './schema';

/** The player's fixed deposits for their data export, oldest first. */
export function exportFixedDeposits(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(fixedDeposits)
        .where(and(eq(fixedDeposits.userId, userId), gt(fixedDeposits.id, afterId)))
        .orderBy(asc(fixedDeposits.id))
        .limit(limit),
    ),
    (row) => ({
      product: 'fixedDeposit',
      id: row.id,
      name: row.name,
      coin: row.coin,
      amount: formatMoney(row.originalAmount),
      gift: null,
      income: formatMoney(row.interestPaid),
      fee: null,
      days: row.days,
      startDay: row.startDay,
      endDay: row.endDay,
      status: row.status,
      openedAt: isoOrNull(row.createdAt),
      endedAt: isoOrNull(row.endedAt),
    }),
  );
}

/** How many of the user's fixed deposits still hold principal (account deletion waits for them). */
export async function holdingFixedDepositCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fixedDeposits)
    .where(and(eq(fixedDeposits.userId, userId), eq(fixedDeposits.status, 'holding')));
  return row?.n ?? 0;
}
