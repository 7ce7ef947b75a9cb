import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** The daily job's last run (any step): when and which platform day, or undefined before the first. */
export async function lastEarningRun(db: Executor): Promise<{ ranAt: Date; day: string } | undefined> {
  const [row] = await queryRows<{ ran_at: Date | string; day: string }>(
    db,
    sql`select ran_at, day::text as day from earning_days where step not like '%/in-progress' order by ran_at desc limit 1`,
  );
  return row ? { ranAt: new Date(row.ran_at), day: row.day } : undefined;
}
