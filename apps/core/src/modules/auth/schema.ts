import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userIdReference } from '../user';

/**
 * One row per login. The JWT carries the row id as `jti`; logging out or
 * resetting the password revokes rows, so a stolen token dies with its session.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userIdReference),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 'logout' | 'password_reset' | 'disabled' when revoked. */
    revokedReason: text('revoked_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);
