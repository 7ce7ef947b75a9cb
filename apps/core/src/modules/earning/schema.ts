import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per daily earning step (power income, management fee, advisor
 * earnings, deposit interest, ...) and platform day that has run. The daily job
 * inserts the row in the same transaction as the step's payments; the primary
 * key makes a second runner (another process, a retry after a crash) find the
 * day taken and pay nothing.
 */
export const earningDays = pgTable(
  'earning_days',
  {
    step: text('step').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The zone whose midnights bounded the day when it ran. */
    timeZone: text('time_zone').notNull(),
    /** Holdings the step touched that day. */
    rows: integer('rows').notNull(),
    /** Sum of the amounts moved, all coins together (a bookkeeping figure). */
    total: bigint('total', { mode: 'bigint' }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.step, t.day] }), check('earning_days_figures', sql`${t.rows} >= 0 and ${t.total} >= 0`)],
);
