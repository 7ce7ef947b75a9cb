import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** An operator's message to every user (ops CLI, admin API or the bot's /broadcast). */
export const broadcasts = pgTable('broadcasts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  /** One text, shown as written in every language (it is the operator's own words). */
  body: text('body').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** 'delivering' while Telegram deliveries are pending, then 'done'. */
  status: text('status').notNull(),
  recipients: integer('recipients').notNull(),
});

/**
 * One row per (broadcast, user), written with the user's sys_message in the
 * broadcast's transaction; the unique index makes "once per user" a database
 * fact. telegramStatus: 'pending' (has a chat, not sent yet), 'sent', 'failed'
 * (Telegram refused the request), 'blocked' (403: the user blocked the bot),
 * 'none' (no linked Telegram chat: the message list only), 'muted' (the player switched notices off or
 * blocked the bot: notify's choices).
 */
export const broadcastDeliveries = pgTable(
  'broadcast_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    broadcastId: bigint('broadcast_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    telegramStatus: text('telegram_status').notNull(),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('broadcast_deliveries_once').on(t.broadcastId, t.userId),
    index('broadcast_deliveries_pending').on(t.id).where(sql`${t.telegramStatus} = 'pending'`),
  ],
);
