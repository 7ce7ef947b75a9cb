import { type Asset, advisorDailyEarning, advisorManagementFee } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { addPerRow, payDaily } from '../earning/perRow';
import type { DailyStep } from '../earning/step';
import { type TransferInput, transferBatch } from '../ledger/ledger';

/**
 * The advisor steps of the daily job. Both compute from the orders' copied
 * terms and their day range only, never from "now", so catching up missed
 * days pays exactly what running each day on time would have.
 */

/** Day D pays each order whose term covers D one day's earning, from 'advisor_income'. */
export const advisorEarningsStep: DailyStep = {
  name: 'advisor-earnings',
  async run(tx: Executor, { day, now }) {
    const rows = await queryRows<{ id: number; user_id: number; coin: Asset; staking_amount: string; daily_rate_bp: number }>(
      tx,
      sql`select id, user_id, coin, staking_amount::text, daily_rate_bp from advisor_orders
          where start_day <= ${day}::date and end_day >= ${day}::date order by id`,
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
    });
  },
};

/** Day D ends the orders whose last day is D: principal less the 10% fee back to the user, the fee to 'fees'. */
export const advisorMaturityStep: DailyStep = {
  name: 'advisor-maturity',
  async run(tx: Executor, { day, end, now }) {
    const rows = await queryRows<{ id: number; user_id: number; coin: Asset; staking_amount: string; fee_rate_bp: number }>(
      tx,
      sql`update advisor_orders set status = 'matured', matured_at = ${end.toISOString()}::timestamptz
          where status = 'holding' and end_day <= ${day}::date
          returning id, user_id, coin, staking_amount::text, fee_rate_bp`,
    );
    const moves: TransferInput[] = [];
    const fees: [number, bigint][] = [];
    let total = 0n;
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
      total += principal;
    }
    await transferBatch(tx, moves, now);
    await addPerRow(tx, 'advisor_orders', 'fee_amount', fees);
    return { rows: rows.length, total };
  },
};
