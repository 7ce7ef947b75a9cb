import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * Fixed deposits' money invariants (a simulation check): 'fixed_deposits'
 * holds exactly the principals still held; each deposit's interest equals its
 * interest transfers, at most one per day; what left it equals its transfer-outs.
 */
export async function checkFixedDeposits(db: Executor): Promise<string[]> {
  const failures: string[] = [];
  const held = await queryRows<{ asset: string; balance: string; principals: string }>(
    db,
    sql`select a.asset, a.balance::text, coalesce(d.principals, 0)::text as principals
        from (select asset, sum(balance) as balance from ledger_accounts where system_name = 'fixed_deposits' group by asset) a
        left join (select coin, sum(principal) as principals from fixed_deposits where status = 'holding' group by coin) d on d.coin = a.asset
        where a.balance <> coalesce(d.principals, 0)`,
  );
  for (const row of held) failures.push(`fixed_deposits ${row.asset} ${row.balance} but held principals ${row.principals}`);
  const interest = await queryRows<{ id: number; interest: string; paid: string }>(
    db,
    sql`select d.id, d.interest_paid::text as interest, coalesce(sum(t.amount), 0)::text as paid
        from fixed_deposits d left join ledger_transfers t on t.reference = 'fixed_deposit:' || d.id and t.type = 'deposit_interest'
        group by d.id having d.interest_paid <> coalesce(sum(t.amount), 0)`,
  );
  for (const row of interest) failures.push(`deposit ${row.id}: interest ${row.interest} but ${row.paid} paid`);
  const twice = await queryRows<{ reference: string; day: string }>(
    db,
    sql`select reference, meta->>'day' as day from ledger_transfers where type = 'deposit_interest'
        group by reference, meta->>'day' having count(*) > 1`,
  );
  for (const row of twice) failures.push(`${row.reference} paid interest twice for ${row.day}`);
  const out = await queryRows<{ id: number }>(
    db,
    sql`select d.id from fixed_deposits d
        where d.status <> 'matured' and d.original_amount - d.principal <>
          (select coalesce(sum(t.amount), 0) from fixed_deposit_transfers t where t.deposit_id = d.id)`,
  );
  for (const row of out) failures.push(`deposit ${row.id}: principal does not match its transfer-outs`);
  return failures;
}
