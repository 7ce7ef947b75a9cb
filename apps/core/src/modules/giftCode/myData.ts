import { formatMoney } from '@prism/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';
import { giftCodeRedemptions, giftCodes } from './schema';

/** The player's gift-code redemptions for their data export, oldest first, with the code they typed. */
export function exportGiftCodeRedemptions(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      db
        .select({
          id: giftCodeRedemptions.id,
          code: giftCodes.code,
          asset: giftCodeRedemptions.asset,
          amount: giftCodeRedemptions.amount,
          createdAt: giftCodeRedemptions.createdAt,
        })
        .from(giftCodeRedemptions)
        .innerJoin(giftCodes, eq(giftCodes.id, giftCodeRedemptions.codeId))
        .where(and(eq(giftCodeRedemptions.userId, userId), gt(giftCodeRedemptions.id, afterId)))
        .orderBy(asc(giftCodeRedemptions.id))
        .limit(limit),
    ),
    (row) => ({ code: row.code, coin: row.asset, amount: formatMoney(row.amount), time: isoOrNull(row.createdAt) }),
  );
}
