import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { SystemAccountName, TransferType } from './ledger';

/**
 * The ledger's reads for other modules: for their invariant checks (the
 * simulation's), SQL fragments a caller puts into its own statement, so a check
 * stays one statement while only this module names ledger_accounts and
 * ledger_transfers; for the daily steps, which of their keys are taken.
 */

/** A subquery with the columns (asset, balance): one system account's balance per asset. */
export function systemBalancesByAsset(system: SystemAccountName): SQL {
  return sql`(select asset, sum(balance) as balance from ledger_accounts where system_name = ${system} group by asset)`;
}

/** A scalar subquery: the sum (0 for none) of the transfers of `type` whose reference is `reference` (an SQL expression). */
export function transferSumFor(type: TransferType, reference: SQL): SQL {
  return sql`(select coalesce(sum(t.amount), 0) from ledger_transfers t where t.reference = ${reference} and t.type = ${type})`;
}

/** The references that got more than one transfer of `type` for the same day (`meta.day`). */
export async function transfersRepeatedInADay(db: Executor, type: TransferType): Promise<{ reference: string; day: string }[]> {
  return queryRows<{ reference: string; day: string }>(
    db,
    sql`select reference, meta->>'day' as day from ledger_transfers where type = ${type}
        group by reference, meta->>'day' having count(*) > 1`,
  );
}

/**
 * Of these idempotency keys, the ones transfers already took: a daily chunk paid
 * before a crash, or by another runner, is read again but paid once. Looked up by
 * the keys themselves (the ledger's unique index), never by a join a plan could
 * turn into a scan of the whole ledger.
 */
export async function takenIdempotencyKeys(tx: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  // One array parameter; the keys are `<step>:<id>:<day>` the callers built (no commas, quotes or braces).
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`select idempotency_key as key from ledger_transfers
        where idempotency_key is not null and idempotency_key = any(${`{${keys.join(',')}}`}::text[])`,
  );
  return new Set(rows.map((row) => row.key));
}
