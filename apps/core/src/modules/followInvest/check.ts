import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { heldMismatches, paidTwiceInADay, totalMismatches } from '../holding';
import { transferSumFor } from '../ledger';
import { advisorOrders } from './schema';

/**
 * Follow-invest's money invariants (a simulation check): 'advisor_stakes'
 * holds exactly the stakes of running orders; each order's income equals its
 * earning transfers, at most one per day; a matured order got stake - fee back.
 */
export async function checkFollowInvestOrders(db: Executor): Promise<string[]> {
  const held = await heldMismatches(db, 'advisor_stakes', advisorOrders.stakingAmount);
  const income = await totalMismatches(db, advisorOrders.incomeAmount, 'advisor_income', 'advisor');
  const twice = await paidTwiceInADay(db, 'advisor_income');
  const matured = await queryRows<{ id: number }>(
    db,
    sql`select o.id from advisor_orders o
        where o.status = 'matured' and ${transferSumFor('advisor_maturity', sql`'advisor:' || o.id`)} <> o.staking_amount - o.fee_amount`,
  );
  return [
    ...held.map((row) => `advisor_stakes ${row.asset} ${row.balance} but running stakes ${row.held}`),
    ...income.map((row) => `advisor order ${row.id}: income ${row.total} but ${row.paid} paid`),
    ...twice.map((row) => `${row.reference} earned twice for ${row.day}`),
    ...matured.map((row) => `advisor order ${row.id}: maturity is not stake less the fee`),
  ];
}
