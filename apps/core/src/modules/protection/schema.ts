import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * A player's protection settings (docs/protection.md), one row per user who set any.
 * The bet path reads `excluded_until` by primary key in the statement it already runs.
 * Limits are CASH minor units; null is "no limit". `pending_from` set means the
 * pending_* limits replace the limits from then (a raise or removal waits 24 hours).
 */
export const playerProtection = pgTable(
  'player_protection',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    excludedUntil: timestamp('excluded_until', { withTimezone: true }),
    limitDay: bigint('limit_day', { mode: 'bigint' }),
    limitWeek: bigint('limit_week', { mode: 'bigint' }),
    limitMonth: bigint('limit_month', { mode: 'bigint' }),
    pendingDay: bigint('pending_day', { mode: 'bigint' }),
    pendingWeek: bigint('pending_week', { mode: 'bigint' }),
    pendingMonth: bigint('pending_month', { mode: 'bigint' }),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
    realityAckAt: timestamp('reality_ack_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'player_protection_limits_positive',
      sql`coalesce(${t.limitDay}, 1) > 0 and coalesce(${t.limitWeek}, 1) > 0 and coalesce(${t.limitMonth}, 1) > 0`,
    ),
    check('player_protection_reality_minutes', sql`${t.realityCheckMinutes} in (0, 15, 30, 60)`),
  ],
);
