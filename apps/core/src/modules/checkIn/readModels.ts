import { type SQL, sql } from 'drizzle-orm';

/** Whether the user signed in on platform day `day` ("YYYY-MM-DD"), as an SQL boolean (notify's daily reminder skips them). */
export function signedInOnSql(userId: SQL, day: string): SQL<boolean> {
  return sql`exists (select 1 from sign_ins s where s.user_id = ${userId} and s.sign_date = ${day}::date)`;
}
