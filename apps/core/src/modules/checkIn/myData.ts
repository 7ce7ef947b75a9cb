import { formatMoney } from '@prism/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';
import { checkIns } from './schema';

/** The player's daily sign-ins for their data export, oldest first. */
export function exportSignIns(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.userId, userId), gt(checkIns.id, afterId)))
        .orderBy(asc(checkIns.id))
        .limit(limit),
    ),
    (row) => ({
      day: row.signDate,
      streakDay: row.streakDay,
      coin: row.asset,
      reward: formatMoney(row.reward),
      time: isoOrNull(row.createdAt),
    }),
  );
}
