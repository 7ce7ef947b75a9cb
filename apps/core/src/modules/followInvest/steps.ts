import { type Asset, advisorDailyEarning, advisorManagementFee } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { addPerRow, chunkOf, type DailyStep, payDaily } from '../earning';
import { type TransferInput, transferBatch } from '../ledger';

/**
 * The advisor steps of the daily job, one chunk of orders per call (the job's
 * page). Both compute from the orders' copied terms and their day range only,
 * never from "now", so catching up missed days pays exactly what running each
 * day on time would have. An order's day counts as paid by its ledger key
 * (earnings) or its status (maturity), so no chunk is paid twice.
 */

/** Day D pays each order whose term covers D one day's earning, from 'advisor_income'. */
export const advisorEarningsStep: DailyStep = {
  name: 'advisor-earnings',
  async run(tx: Executor, { day, now }, page) {
    const rows = await queryRows<{ id: number; user_id: number; coin: Asset; staking_amount: string; daily_rate_bp: number }>(
      tx,
      sql`select o.id, o.user_id, o.coin, o.staking_amount::text, o.daily_rate_bp from advisor_orders o
          where o.start_day <= ${day}::date and o.end_day >= ${day}::date and o.id > ${page.after}
          order by o.id limit ${page.limit}`,
    );
    const payments = rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      asset: row.coin,
      amount: advisorDailyEarning(BigInt(row.staking_amount), row.daily_rate_bp),
    }));
    return payDaily(tx, payments, {
      from: 'advisor_income',
      type: 'advisor_income',
      referencePrefix: 'advisor',
      step: 'advisor-income',
      day,
      now,
      total: { table: 'advisor_orders', column: 'income_amount' },
      page,
    });
  },
};

/** Day D ends the orders whose last day is D: principal less the 10% fee back to the user, the fee to 'fees'. */
export const advisorMaturityStep: DailyStep = {
  name: 'advisor-maturity',
  async run(tx: Executor, { day, end, now }, page) {
    const rows = await queryRows<{ id: number; user_id: number; coin: Asset; staking_amount: string; fee_rate_bp: number }>(
      tx,
      sql`update advisor_orders set status = 'matured', matured_at = ${end.toISOString()}::timestamptz
          where id in (select id from advisor_orders where status = 'holding' and end_day <= ${day}::date and id > ${page.after}
                       order by id limit ${page.limit})
          returning id, user_id, coin, staking_amount::text, fee_rate_bp`,
    );
    const moves: TransferInput[] = [];
    const fees: [number, bigint][] = [];
    for (const row of rows) {
      const principal = BigInt(row.staking_amount);
      const fee = advisorManagementFee(principal, row.fee_rate_bp);
      fees.push([Number(row.id), fee]);
      const base = { asset: row.coin, from: { system: 'advisor_stakes' as const }, reference: `advisor:${row.id}`, meta: { day } };
      moves.push({
        ...base,
        to: { userId: Number(row.user_id) },
        amount: principal - fee,
        type: 'advisor_maturity',
        idempotencyKey: `advisor-maturity:${row.id}`,
      });
      if (fee > 0n) moves.push({ ...base, to: { system: 'fees' }, amount: fee, type: 'fee', idempotencyKey: `advisor-fee:${row.id}` });
    }
    await transferBatch(tx, moves, now);
    await addPerRow(tx, 'advisor_orders', 'fee_amount', fees);
    return chunkOf(
      rows.map((row) => ({ id: row.id, amount: BigInt(row.staking_amount) })),
      page,
    );
  },
};
