import type { Asset } from '@prism/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client';
import { chunkOf, type DailyContext, type DailyPage, type DailyStep, payDaily } from '../earning';
import { type TransferInput, transferBatch } from '../ledger';

/**
 * The two daily steps every holding product has, one chunk of holdings per
 * call (the job's page). Both compute from the holding's copied terms and its
 * day range only, never from "now", so catching up missed days pays exactly
 * what running each day on time would have. A holding's day counts as paid by
 * its ledger key (earnings) or its status (maturity), so no chunk is paid twice.
 */

/** The columns every step's query answers (snake case, as the SQL names them). */
export type HoldingRow = {
  id: number;
  user_id: number;
  coin: Asset;
};

/** Day D pays each holding its term covers one day's earning from a system account, adding it to the holding's running total. */
export function earningsStep<Row extends HoldingRow>(input: {
  name: string;
  /** The page of holdings the day pays, in id order. */
  select: (day: DailyContext, page: DailyPage) => SQL;
  amountOf: (row: Row) => bigint;
  pay: Omit<Parameters<typeof payDaily>[2], 'day' | 'now' | 'page'>;
}): DailyStep {
  return {
    name: input.name,
    async run(tx: Executor, day, page) {
      const rows = await queryRows<Row>(tx, input.select(day, page));
      const payments = rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        asset: row.coin,
        amount: input.amountOf(row),
      }));
      return payDaily(tx, payments, { ...input.pay, day: day.day, now: day.now, page });
    },
  };
}

/**
 * Day D ends the holdings whose last day is D (status 'matured', `endedAt` set to
 * the day's end) and makes each one's transfers; `principalOf` is the chunk's
 * bookkeeping amount.
 */
export function maturityStep<Row extends HoldingRow>(input: {
  name: string;
  table: PgTable;
  endedAt: AnyPgColumn;
  /** The columns the update returns (at least id, user_id, coin). */
  returning: SQL;
  moves: (row: Row, day: string) => TransferInput[];
  principalOf: (row: Row) => bigint;
  /** Bookkeeping after the transfers (in the same transaction). */
  after?: (tx: Executor, rows: Row[]) => Promise<void>;
}): DailyStep {
  const { table } = input;
  return {
    name: input.name,
    async run(tx: Executor, { day, end, now }, page) {
      const rows = await queryRows<Row>(
        tx,
        sql`update ${table} set status = 'matured', ${sql.identifier(input.endedAt.name)} = ${end.toISOString()}::timestamptz
            where id in (select id from ${table} where status = 'holding' and end_day <= ${day}::date and id > ${page.after}
                         order by id limit ${page.limit})
            returning ${input.returning}`,
      );
      await transferBatch(
        tx,
        rows.flatMap((row) => input.moves(row, day)),
        now,
      );
      await input.after?.(tx, rows);
      return chunkOf(
        rows.map((row) => ({ id: row.id, amount: input.principalOf(row) })),
        page,
      );
    },
  };
}
