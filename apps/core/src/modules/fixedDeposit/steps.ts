import { sql } from 'drizzle-orm';
import { earningsStep, maturityStep } from '../holding';
import { fixedDeposits } from './schema';

/**
 * The fixed-deposit steps of the daily job (the holding module's one-statement
 * steps, with the deposit's terms; deposit_daily_interest is depositDailyInterest
 * in SQL, migration 0043, holding/dailySql.property.test.ts). Interest for day D
 * is paid on the principal held at the END of D: today's principal plus what was
 * transferred out after D ended. So a part transferred out during D earns nothing
 * for D, and a catch-up run later pays what an on-time run would have.
 */

export const depositInterestStep = earningsStep({
  name: 'deposit-interest',
  select: ({ day, end }, page) =>
    sql`select d.id, d.user_id, d.coin, d.ledger_shard,
               deposit_daily_interest((d.principal + coalesce((select sum(t.amount) from fixed_deposit_transfers t
                                        where t.deposit_id = d.id and t.created_at >= ${end.toISOString()}::timestamptz), 0))::bigint,
                                      d.annual_rate_bp) as amount
        from fixed_deposits d
        where d.start_day <= ${day}::date and d.end_day >= ${day}::date and d.status <> 'matured' and d.id > ${page.after}
        order by d.id limit ${page.limit}`,
  pay: {
    from: 'deposit_interest',
    type: 'deposit_interest',
    referencePrefix: 'fixed_deposit',
    step: 'deposit-interest',
    total: fixedDeposits.interestPaid,
  },
});

/** Day D ends the deposits whose last day is D: what remains returns to the balance, from 'fixed_deposits'. */
export const depositMaturityStep = maturityStep({
  name: 'deposit-maturity',
  table: fixedDeposits,
  endedAt: fixedDeposits.endedAt,
  returning: sql`id, user_id, coin, ledger_shard, principal`,
  moves: (day) =>
    sql`select id as ord, coin as asset, null::bigint as from_user, 'fixed_deposits'::text as from_system, user_id as to_user,
               null::text as to_system, ledger_shard as shard, principal as amount, 'fixed_deposit'::text as type,
               'fixed_deposit:' || id as reference, 'deposit-maturity:' || id as idempotency_key,
               jsonb_build_object('kind', 'maturity', 'day', ${day}::text) as meta
        from matured where principal > 0`,
});
