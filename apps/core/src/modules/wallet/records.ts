import { type Asset, type AssetRecord, formatMoney, type Paged } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { userMovesSql } from '../ledger';

export interface RecordFilter {
  type?: string | undefined;
  coin?: Asset | undefined;
}

/** The user's transfers, newest first: two index scans (money in, money out) merged. */
export async function findAssetRecords(
  db: Executor,
  userId: number,
  filter: RecordFilter,
  pageNo: number,
  pageSize: number,
): Promise<Paged<AssetRecord>> {
  const mine = userMovesSql(userId, filter);
  const rows = await queryRows<{ id: number; asset: Asset; type: string; reference: string; created_at: string | Date; signed: string }>(
    db,
    sql`select id, asset, type, reference, created_at, signed::text as signed from (${mine}) t order by id desc, signed desc limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
  );
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${mine}) t`);
  return {
    content: rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      coin: row.asset,
      amount: formatMoney(BigInt(row.signed)),
      reference: row.reference,
      createDateTime: new Date(row.created_at).toISOString(),
    })),
    totalElements: Number(total?.n ?? 0),
    pageNo,
  };
}
