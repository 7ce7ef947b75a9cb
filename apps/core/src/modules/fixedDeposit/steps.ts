import { type Asset, depositDailyInterest } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { earningsStep, maturityStep } from '../holding';
import { fixedDeposits } from './schema';

/**
 * The fixed-deposit steps of the daily job (the holding module's steps, with
 * the deposit's terms). Interest for day D is paid on the principal held at the
 * END of D: today's principal plus what was transferred out after D ended. So
 * a part transferred out during D earns nothing for D, and a catch-up run
 * later pays what an on-time run would have.
 */

export const depositInterestStep = earningsStep<{
  id: number;
  user_id: number;
  coin: Asset;
  principal_then: string;
  annual_rate_bp: number;
}>({
  name: 'deposit-interest',
  select: ({ day, end }, page) =>
    sql`select d.id, d.user_id, d.coin, d.annual_rate_bp,
               (d.principal + coalesce((select sum(t.amount) from fixed_deposit_transfers t
                                        where t.deposit_id = d.id and t.created_at >= ${end.toISOString()}::timestamptz), 0))::text as principal_then
        from fixed_deposits d
        where d.start_day <= ${day}::date and d.end_day >= ${day}::date and d.status <> 'matured' and d.id > ${page.after}
        order by d.id limit ${page.limit}`,
  amountOf: (row) => depositDailyInterest(BigInt(row.principal_then), row.annual_rate_bp),
  pay: {
    from: 'deposit_interest',
    type: 'deposit_interest',
    referencePrefix: 'fixed_deposit',
    step: 'deposit-interest',
    total: fixedDeposits.interestPaid,
  },
});

/** Day D ends the deposits whose last day is D: what remains returns to the balance. */
export const depositMaturityStep = maturityStep<{ id: number; user_id: number; coin: Asset; principal: string }>({
  name: 'deposit-maturity',
  table: fixedDeposits,
  endedAt: fixedDeposits.endedAt,
  returning: sql`id, user_id, coin, principal::text`,
  moves: (row, day) =>
    BigInt(row.principal) > 0n
      ? [
          {
            asset: row.coin,
            from: { system: 'fixed_deposits' },
            to: { userId: Number(row.user_id) },
            amount: BigInt(row.principal),
            type: 'fixed_deposit',
            reference: `fixed_deposit:${row.id}`,
            idempotencyKey: `deposit-maturity:${row.id}`,
            meta: { kind: 'maturity', day },
          },
        ]
      : [],
  principalOf: (row) => BigInt(row.principal),
});
