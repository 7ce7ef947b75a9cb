import { sql } from 'drizzle-orm';
import { earningsStep, maturityStep } from '../holding';
import { advisorOrders } from './schema';

/**
 * The follow-invest steps of the daily job (the holding module's one-statement
 * steps, with follow-invest's terms): advisor_daily_earning and
 * advisor_management_fee are advisorDailyEarning and advisorManagementFee in SQL
 * (migration 0043, holding/dailySql.property.test.ts).
 */

/** Day D pays each order whose term covers D one day's earning, from 'advisor_income'. */
export const followInvestEarningsStep = earningsStep({
  name: 'advisor-earnings',
  select: ({ day }, page) =>
    sql`select o.id, o.user_id, o.coin, o.ledger_shard, advisor_daily_earning(o.staking_amount, o.daily_rate_bp) as amount
        from advisor_orders o
        where o.start_day <= ${day}::date and o.end_day >= ${day}::date and o.id > ${page.after}
        order by o.id limit ${page.limit}`,
  pay: {
    from: 'advisor_income',
    type: 'advisor_income',
    referencePrefix: 'advisor',
    step: 'advisor-income',
    total: advisorOrders.incomeAmount,
  },
});

/**
 * Day D ends the orders whose last day is D and records each one's fee: the
 * principal less the fee back to the user, the fee to 'fees', from
 * 'advisor_stakes' (per order: its maturity, then its fee when above 0).
 */
export const followInvestMaturityStep = maturityStep({
  name: 'advisor-maturity',
  table: advisorOrders,
  endedAt: advisorOrders.maturedAt,
  set: sql`fee_amount = fee_amount + advisor_management_fee(staking_amount, fee_rate_bp)`,
  returning: sql`id, user_id, coin, ledger_shard, staking_amount as principal,
                 advisor_management_fee(staking_amount, fee_rate_bp) as fee`,
  moves: (day) =>
    sql`select m.id * 2 + k.n as ord, m.coin as asset, null::bigint as from_user, 'advisor_stakes'::text as from_system,
               case when k.n = 0 then m.user_id end as to_user, case when k.n = 1 then 'fees' end as to_system, m.ledger_shard as shard,
               case when k.n = 0 then m.principal - m.fee else m.fee end as amount,
               case when k.n = 0 then 'advisor_maturity' else 'fee' end as type, 'advisor:' || m.id as reference,
               case when k.n = 0 then 'advisor-maturity:' else 'advisor-fee:' end || m.id as idempotency_key,
               jsonb_build_object('day', ${day}::text) as meta
        from matured m cross join (values (0), (1)) k(n)`,
});
