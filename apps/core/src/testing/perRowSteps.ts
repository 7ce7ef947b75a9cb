import type { Asset } from '@prism/domain';
import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { type DailyChunk, type DailyPage, nextAfter } from '../modules/earning';
import { type SystemAccountName, type TransferInput, type TransferType, takenIdempotencyKeys, transferBatch } from '../modules/ledger';

// The daily steps as Node paid them before each became one statement per chunk (payDaily, addPerRow):
// kept for modules/holding/steps.golden.api.test.ts, which pays the same data both ways and compares.
// Test support only: no product code pays through them.

/**
 * Adds each row's amount to a bigint column in one statement, however many
 * rows (a daily step's set-based bookkeeping beside its transferBatch). The
 * owning module hands its own column (a schema object), so this module names no
 * product's table; the holdings' key column is `id`.
 */
export async function addPerRow(tx: Executor, column: AnyPgColumn, entries: [number, bigint][]): Promise<void> {
  if (entries.length === 0) return;
  // Inlined as SQL literals: names from the owner's schema, ids and amounts are numbers we computed.
  const table = getTableName(column.table);
  const ids = entries.map(([id]) => String(Math.trunc(id))).join(',');
  const amounts = entries.map(([, amount]) => amount.toString()).join(',');
  await tx.execute(
    sql.raw(
      `update ${table} t set ${column.name} = t.${column.name} + d.amount
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
export async function payDaily(
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
    /** The holding's running total the payments add to (the owner's column). */
    total: AnyPgColumn;
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
    input.total,
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
