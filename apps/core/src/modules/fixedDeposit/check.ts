import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { heldMismatches, paidTwiceInADay, totalMismatches } from '../holding';
import { fixedDeposits } from './schema';

/**
 * Fixed deposits' money invariants (a simulation check): 'fixed_deposits'
 * holds exactly the principals still held; each deposit's interest equals its
 * interest transfers, at most one per day; what left it equals its transfer-outs.
 */
export async function checkFixedDeposits(db: Executor): Promise<string[]> {
  const held = await heldMismatches(db, 'fixed_deposits', fixedDeposits.principal);
  const interest = await totalMismatches(db, fixedDeposits.interestPaid, 'deposit_interest', 'fixed_deposit');
  const twice = await paidTwiceInADay(db, 'deposit_interest');
  const out = await queryRows<{ id: number }>(
    db,
    sql`select d.id from fixed_deposits d
        where d.status <> 'matured' and d.original_amount - d.principal <>
          (select coalesce(sum(t.amount), 0) from fixed_deposit_transfers t where t.deposit_id = d.id)`,
  );
  return [
    ...held.map((row) => `fixed_deposits ${row.asset} ${row.balance} but held principals ${row.held}`),
    ...interest.map((row) => `deposit ${row.id}: interest ${row.total} but ${row.paid} paid`),
    ...twice.map((row) => `${row.reference} paid interest twice for ${row.day}`),
    ...out.map((row) => `deposit ${row.id}: principal does not match its transfer-outs`),
  ];
}
