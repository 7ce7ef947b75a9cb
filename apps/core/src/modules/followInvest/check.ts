import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * Follow-invest's money invariants (a simulation check): 'advisor_stakes'
 * holds exactly the stakes of running orders; each order's income equals its
 * earning transfers, at most one per day; a matured order got stake - fee back.
 */
export async function checkAdvisorOrders(db: Executor): Promise<string[]> {
  const failures: string[] = [];
  const held = await queryRows<{ asset: string; balance: string; stakes: string }>(
    db,
    sql`select a.asset, a.balance::text, coalesce(o.stakes, 0)::text as stakes
        from (select asset, sum(balance) as balance from ledger_accounts where system_name = 'advisor_stakes' group by asset) a
        left join (select coin, sum(staking_amount) as stakes from advisor_orders where status = 'holding' group by coin) o on o.coin = a.asset
        where a.balance <> coalesce(o.stakes, 0)`,
  );
  for (const row of held) failures.push(`advisor_stakes ${row.asset} ${row.balance} but running stakes ${row.stakes}`);
  const income = await queryRows<{ id: number; income: string; paid: string }>(
    db,
    sql`select o.id, o.income_amount::text as income, coalesce(sum(t.amount), 0)::text as paid
        from advisor_orders o left join ledger_transfers t on t.reference = 'advisor:' || o.id and t.type = 'advisor_income'
        group by o.id having o.income_amount <> coalesce(sum(t.amount), 0)`,
  );
  for (const row of income) failures.push(`advisor order ${row.id}: income ${row.income} but ${row.paid} paid`);
  const twice = await queryRows<{ reference: string; day: string }>(
    db,
    sql`select reference, meta->>'day' as day from ledger_transfers where type = 'advisor_income'
        group by reference, meta->>'day' having count(*) > 1`,
  );
  for (const row of twice) failures.push(`${row.reference} earned twice for ${row.day}`);
  const matured = await queryRows<{ id: number }>(
    db,
    sql`select o.id from advisor_orders o
        where o.status = 'matured' and (select coalesce(sum(t.amount), 0) from ledger_transfers t
          where t.reference = 'advisor:' || o.id and t.type = 'advisor_maturity') <> o.staking_amount - o.fee_amount`,
  );
  for (const row of matured) failures.push(`advisor order ${row.id}: maturity is not stake less the fee`);
  return failures;
}
