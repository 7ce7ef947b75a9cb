import { type SQL, sql } from 'drizzle-orm';

/**
 * Each user's withdrawals asked in [from, to) per coin, not rejected (for the team's recharge rebates:
 * money that left earns none). Columns: user_id, asset, amount.
 */
export const withdrawnBetween = (from: SQL, to: SQL): SQL =>
  sql`select user_id, currency as asset, sum(amount) as amount from withdrawals
      where status <> 'rejected' and created_at >= ${from} and created_at < ${to}
      group by user_id, currency`;
