import { formatMoney } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, mapRows } from '../../db/pages';

/** The player's asset records for their data export: every movement of their money, signed, oldest first. */
export function exportUserTransfers(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      queryRows<{ id: number; asset: string; type: string; reference: string; created_at: Date | string; signed: string }>(
        db,
        sql`select t.id::int as id, t.asset, t.type, t.reference, t.created_at, t.signed::text as signed
              from (
                select id, asset, type, reference, created_at, amount as signed from ledger_transfers
                 where to_account_id in (select id from ledger_accounts where user_id = ${userId}) and id > ${afterId}
                union all
                select id, asset, type, reference, created_at, -amount as signed from ledger_transfers
                 where from_account_id in (select id from ledger_accounts where user_id = ${userId}) and id > ${afterId}
              ) t
             order by t.id limit ${limit}`,
      ),
    ),
    (row) => ({
      id: Number(row.id),
      time: isoOrNull(row.created_at),
      type: row.type,
      coin: row.asset,
      amount: formatMoney(BigInt(row.signed)),
      reference: row.reference,
    }),
  );
}

/**
 * Each non-zero balance of a user's own accounts, per coin (account deletion refuses while one is
 * held). The rows are locked (FOR UPDATE): inside a transaction, money moving to or from the user
 * waits until it ends.
 */
export async function nonZeroBalances(db: Executor, userId: number): Promise<Record<string, bigint>> {
  const rows = await queryRows<{ asset: string; balance: string }>(
    db,
    sql`select asset, balance::text as balance from ledger_accounts where user_id = ${userId} order by id for update`,
  );
  const out: Record<string, bigint> = {};
  for (const row of rows) out[row.asset] = (out[row.asset] ?? 0n) + BigInt(row.balance);
  return Object.fromEntries(Object.entries(out).filter(([, amount]) => amount !== 0n));
}
