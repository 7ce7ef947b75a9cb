import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The tables and columns a daily step adds its per-holding amounts to (a closed list: the SQL names them). */
const COLUMNS = {
  advisor_orders: ['income_amount', 'fee_amount'],
  fixed_deposits: ['interest_paid'],
} as const;

type Table = keyof typeof COLUMNS;

/**
 * Adds each row's amount to a bigint column in one statement, however many
 * rows (a daily step's set-based bookkeeping beside its transferBatch).
 */
export async function addPerRow<T extends Table>(
  tx: Executor,
  table: T,
  column: (typeof COLUMNS)[T][number],
  entries: [number, bigint][],
): Promise<void> {
  if (entries.length === 0) return;
  // Inlined as SQL literals: names from the list above, ids and amounts are numbers we computed.
  const ids = entries.map(([id]) => String(Math.trunc(id))).join(',');
  const amounts = entries.map(([, amount]) => amount.toString()).join(',');
  await tx.execute(
    sql.raw(
      `update ${table} t set ${column} = t.${column} + d.amount
       from unnest(array[${ids}]::bigint[], array[${amounts}]::bigint[]) as d(id, amount) where t.id = d.id`,
    ),
  );
}
