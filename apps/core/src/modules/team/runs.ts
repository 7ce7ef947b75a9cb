import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** The rebate job's last paid period (any kind): when and which platform day, or undefined before the first. */
export async function lastRebateRun(db: Executor): Promise<{ ranAt: Date; day: string } | undefined> {
  const [row] = await queryRows<{ paid_at: Date | string; period: string }>(
    db,
    sql`select paid_at, period::text as period from rebate_periods order by paid_at desc limit 1`,
  );
  return row ? { ranAt: new Date(row.paid_at), day: row.period } : undefined;
}
