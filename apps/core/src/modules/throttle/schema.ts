import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong-password budgets, one row per key: 'login:<user id>@<address>' per client
 * address and 'login:<user id>' for the account as a whole ('login:<area>:<phone>...'
 * for a phone with no account), 'asset:<user id>'; and 'login-ok:<user id>@<address>'
 * rows (no failures) for addresses that proved themselves within the day. In the
 * database so that every process shares them; a success deletes its address's row.
 */
export const passwordThrottles = pgTable('password_throttles', {
  key: text('key').primaryKey(),
  /** Wrong passwords counted since the last success (only mismatches count). */
  failures: integer('failures').notNull(),
  /** No attempt is checked before this time. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
