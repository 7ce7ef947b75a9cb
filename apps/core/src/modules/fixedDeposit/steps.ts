import { type Asset, depositDailyInterest } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { chunkOf, type DailyStep, payDaily } from '../earning';
import { type TransferInput, transferBatch } from '../ledger';

/**
 * The fixed-deposit steps of the daily job. Interest for day D is paid on the
 * principal held at the END of D: today's principal plus what was transferred
 * out after D ended. So a part transferred out during D earns nothing for D,
 * and a catch-up run later pays what an on-time run would have. One chunk of
 * deposits per call (the job's page); a deposit's day counts as paid by its
 * ledger key (interest) or its status (maturity), so no chunk is paid twice.
 */

export const depositInterestStep: DailyStep = {
  name: 'deposit-interest',
  async run(tx: Executor, { day, end, now }, page) {
    const rows = await queryRows<{ id: number; user_id: number; coin: Asset; principal_then: string; annual_rate_bp: number }>(
      tx,
      sql`select d.id, d.user_id, d.coin, d.annual_rate_bp,
                 (d.principal + coalesce((select sum(t.amount) from fixed_deposit_transfers t
                                          where t.deposit_id = d.id and t.created_at >= ${end.toISOString()}::timestamptz), 0))::text as principal_then
          from fixed_deposits d
          where d.start_day <= ${day}::date and d.end_day >= ${day}::date and d.status <> 'matured' and d.id > ${page.after}
          order by d.id limit ${page.limit}`,
    );
    const payments = rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      asset: row.coin,
      amount: depositDailyInterest(BigInt(row.principal_then), row.annual_rate_bp),
    }));
    return payDaily(tx, payments, {
      from: 'deposit_interest',
      type: 'deposit_interest',
      referencePrefix: 'fixed_deposit',
      step: 'deposit-interest',
      day,
      now,
      total: { table: 'fixed_deposits', column: 'interest_paid' },
      page,
    });
  },
};

/** Day D ends the deposits whose last day is D: what remains returns to the balance. */
export const depositMaturityStep: DailyStep = {
  name: 'deposit-maturity',
  async run(tx: Executor, { day, end, now }, page) {
    const rows = await queryRows<{ id: number; user_id: number; coin: Asset; principal: string }>(
      tx,
      sql`update fixed_deposits set status = 'matured', ended_at = ${end.toISOString()}::timestamptz
          where id in (select id from fixed_deposits where status = 'holding' and end_day <= ${day}::date and id > ${page.after}
                       order by id limit ${page.limit})
          returning id, user_id, coin, principal::text`,
    );
    const returned = rows.filter((row) => BigInt(row.principal) > 0n);
    await transferBatch(
      tx,
      returned.map(
        (row): TransferInput => ({
          asset: row.coin,
          from: { system: 'fixed_deposits' },
          to: { userId: Number(row.user_id) },
          amount: BigInt(row.principal),
          type: 'fixed_deposit',
          reference: `fixed_deposit:${row.id}`,
          idempotencyKey: `deposit-maturity:${row.id}`,
          meta: { kind: 'maturity', day },
        }),
      ),
      now,
    );
    return chunkOf(
      rows.map((row) => ({ id: row.id, amount: BigInt(row.principal) })),
      page,
    );
  },
};
