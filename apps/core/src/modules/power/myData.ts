import { formatMoney } from '@prism/domain';
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';
import { powerHoldings } from './schema';

/** The player's power holdings (purchases and gifts received) for their data export, oldest first. */
export function exportPowerHoldings(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(powerHoldings)
        .where(and(eq(powerHoldings.userId, userId), gt(powerHoldings.id, afterId)))
        .orderBy(asc(powerHoldings.id))
        .limit(limit),
    ),
    (row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      coin: row.coin,
      price: formatMoney(row.price),
      power: formatMoney(row.power),
      termDays: row.termDays,
      startDay: row.startDay,
      endDay: row.endDay,
      boughtAt: isoOrNull(row.createdAt),
      maturedAt: isoOrNull(row.maturedAt),
    }),
  );
}

/** How many of the user's power holdings have not matured yet (account deletion waits for them). */
export async function activePowerHoldingCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(powerHoldings)
    .where(and(eq(powerHoldings.userId, userId), isNull(powerHoldings.maturedAt)));
  return row?.n ?? 0;
}
