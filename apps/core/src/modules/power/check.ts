import { ASSETS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { systemBalance, transferKeys } from '../ledger';

/**
 * The power invariants (used by `npm run simulate`): every income and fee row
 * matches exactly one ledger movement of its amount (so no holding was paid
 * twice for a day), the principals held equal what 'power_stakes' holds per
 * coin, and no payer bought a package more often in a day than its limit.
 */
export async function checkPower(db: Executor): Promise<string[]> {
  const failures: string[] = [];
  for (const [kind, column] of [
    ['income', sql`i.amount`],
    ['fee', sql`coalesce(i.fee, 0)`],
  ] as const) {
    const rows = await queryRows<{ holding_id: number; day: string; n: number }>(
      db,
      sql`select i.holding_id, i.day::text as day, count(t.id)::int as n
          from power_incomes i
          left join ${transferKeys} t on t.idempotency_key = ${`power-${kind}:`} || i.holding_id || ':' || i.day::text
          group by i.holding_id, i.day, ${column}
          having count(t.id) <> (case when ${column} > 0 then 1 else 0 end)
              or coalesce(sum(t.amount), 0) <> ${column}
          limit 5`,
    );
    for (const row of rows) failures.push(`power ${kind} of holding ${row.holding_id} on ${row.day}: ${row.n} ledger movements`);
  }
  const held = await queryRows<{ coin: string; total: string }>(
    db,
    sql`select coin, sum(price)::text as total from power_holdings where matured_at is null group by coin`,
  );
  for (const coin of ASSETS) {
    const expected = BigInt(held.find((row) => row.coin === coin)?.total ?? '0');
    const stakes = await systemBalance(db, 'power_stakes', coin);
    if (stakes !== expected) failures.push(`power_stakes ${coin} holds ${stakes} but live holdings cost ${expected}`);
  }
  const over = await queryRows<{ payer: number; session_id: number; n: number }>(
    db,
    sql`select coalesce(h.giver_id, h.user_id) as payer, h.session_id, count(*)::int as n
        from power_holdings h join power_sessions s on s.id = h.session_id
        group by 1, 2, h.start_day having count(*) > max(s.daily_limit) limit 5`,
  );
  for (const row of over) failures.push(`user ${row.payer} bought package ${row.session_id} ${row.n} times in a day`);
  return failures;
}
