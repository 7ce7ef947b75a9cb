import type { Locale } from '@prism/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';
import { sysMessages } from './schema';
import { renderMessage } from './templates';

/** The player's messages for their data export, oldest first, written out in their language. */
export function exportMessages(db: Executor, userId: number, locale: Locale): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(sysMessages)
        .where(and(eq(sysMessages.userId, userId), gt(sysMessages.id, afterId)))
        .orderBy(asc(sysMessages.id))
        .limit(limit),
    ),
    (row) => ({
      id: row.id,
      time: isoOrNull(row.createdAt),
      kind: row.kind,
      ...renderMessage(row.kind, row.params as Record<string, string>, locale),
      readAt: isoOrNull(row.readAt),
    }),
  );
}
