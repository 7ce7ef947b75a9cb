import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time tokens that link a browser account to a Telegram chat: the app shows
 * t.me/<bot>?start=link_<token>; the bot consumes it when the user presses Start.
 * Only a SHA-256 of the token is stored (it is a bearer secret while it lives).
 */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId, t.createdAt)],
);
