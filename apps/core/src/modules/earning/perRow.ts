import type { Asset } from '@prism/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type SystemAccountName, type TransferInput, type TransferType, takenIdempotencyKeys, transferBatch } from '../ledger';
import { type DailyChunk, type DailyPage, nextAfter } from './step';

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

/** One holding's payment for a day: who gets how much of which coin. */
export interface DailyPayment {
  id: number;
  userId: number;
  asset: Asset;
  amount: bigint;
}

/**
 * Pays each holding of a chunk its amount for the day from a system account
 * (one transferBatch, keyed per holding and day), unless its key shows it paid
 * already, adds it to the holding's running total, and answers the chunk's
 * result (`payments` is the whole page, in id order; zero amounts are passed over).
 */
export async function payDaily<T extends Table>(
  tx: Executor,
  payments: DailyPayment[],
  input: {
    from: SystemAccountName;
    type: TransferType;
    /** `reference` is `<prefix>:<id>`; the ledger key is `<step>:<id>:<day>` (kept as first written: keys never change). */
    referencePrefix: string;
    step: string;
    day: string;
    now: Date;
    total: { table: T; column: (typeof COLUMNS)[T][number] };
    page: DailyPage;
  },
): Promise<DailyChunk> {
  const keyOf = (payment: DailyPayment) => `${input.step}:${payment.id}:${input.day}`;
  // A chunk paid before a crash, or by another runner, is read again but paid once.
  const taken = await takenIdempotencyKeys(
    tx,
    payments.map((payment) => keyOf(payment)),
  );
  const paid = payments.filter((payment) => payment.amount > 0n && !taken.has(keyOf(payment)));
  await transferBatch(
    tx,
    paid.map(
      (payment): TransferInput => ({
        asset: payment.asset,
        from: { system: input.from },
        to: { userId: payment.userId },
        amount: payment.amount,
        type: input.type,
        reference: `${input.referencePrefix}:${payment.id}`,
        idempotencyKey: keyOf(payment),
        meta: { day: input.day },
      }),
    ),
    input.now,
  );
  await addPerRow(
    tx,
    input.total.table,
    input.total.column,
    paid.map((payment) => [payment.id, payment.amount]),
  );
  return {
    rows: paid.length,
    total: paid.reduce((sum, payment) => sum + payment.amount, 0n),
    next: nextAfter(
      payments.map((payment) => payment.id),
      input.page,
    ),
  };
}
