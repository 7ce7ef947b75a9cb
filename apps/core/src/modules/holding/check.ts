import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client';
import { type SystemAccountName, systemBalancesByAsset, type TransferType, transferSumFor, transfersRepeatedInADay } from '../ledger';

/**
 * The money invariants every holding product keeps (simulation checks), each
 * one statement; the product words the failures. Columns are the product's
 * schema objects (its holdings table has `coin` and `status`).
 */

/** Assets where the system account does not hold exactly the `amount` of the holdings still 'holding'. */
export async function heldMismatches(
  db: Executor,
  system: SystemAccountName,
  amount: AnyPgColumn,
): Promise<{ asset: string; balance: string; held: string }[]> {
  return queryRows(
    db,
    sql`select a.asset, a.balance::text, coalesce(h.held, 0)::text as held
        from ${systemBalancesByAsset(system)} a
        left join (select coin, sum(${sql.identifier(amount.name)}) as held from ${amount.table} where status = 'holding' group by coin) h
          on h.coin = a.asset
        where a.balance <> coalesce(h.held, 0)`,
  );
}

/** Holdings whose running `total` is not the sum of their transfers of `type` (reference `<prefix>:<id>`). */
export async function totalMismatches(
  db: Executor,
  total: AnyPgColumn,
  type: TransferType,
  referencePrefix: string,
): Promise<{ id: number; total: string; paid: string }[]> {
  const paid = transferSumFor(type, sql`${`${referencePrefix}:`}::text || h.id`);
  return queryRows(
    db,
    sql`select h.id, h.${sql.identifier(total.name)}::text as total, ${paid}::text as paid
        from ${total.table} h where h.${sql.identifier(total.name)} <> ${paid}`,
  );
}

/** Ledger references paid more than once for a day by transfers of `type`. */
export const paidTwiceInADay = (db: Executor, type: TransferType) => transfersRepeatedInADay(db, type);
