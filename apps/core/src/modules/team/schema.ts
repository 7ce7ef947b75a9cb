import { REBATE_KINDS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

/**
 * One row per platform day and rebate kind that has been paid. The rebate job
 * inserts the row in the same transaction as the payouts; the primary key makes
 * a second payer (another process, a retry) find the day taken and pay nothing.
 */
export const rebatePeriods = pgTable(
  'rebate_periods',
  {
    period: date('period', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    /** The zone whose midnights bounded the day when it was paid. */
    timeZone: text('time_zone').notNull(),
    transfers: integer('transfers').notNull(),
    /** Sum of the amounts paid, all coins together (a bookkeeping figure). */
    total: bigint('total', { mode: 'bigint' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.kind] }),
    check('rebate_periods_kind', oneOf(t.kind, REBATE_KINDS)),
    check('rebate_periods_figures', sql`${t.transfers} >= 0 and ${t.total} >= 0`),
  ],
);
