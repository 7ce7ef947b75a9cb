import { type SQL, sql } from 'drizzle-orm';

/** The power a user holds now (live basic and gift holdings), as a scalar subquery (the level module's `power` figure). */
export const heldPowerSql = (userId: number): SQL =>
  sql`select coalesce(sum(power), 0) from power_holdings where user_id = ${userId} and matured_at is null`;
