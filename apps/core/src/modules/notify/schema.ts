import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the bot sends (or would send without BOT_TOKEN): an audit trail
 * for operators and the place tests and browser users read bot messages from.
 */
export const botOutbox = pgTable(
  'bot_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    buttons: jsonb('buttons'),
    /** 'sent' | 'failed' | 'outbox' (no bot configured, or no Telegram chat for the user). */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bot_outbox_user_idx').on(t.userId, t.createdAt)],
);
