import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the bot sends (or would send without BOT_TOKEN): an audit trail
 * for operators, the place tests and browser users read bot messages from, and
 * the queue the retry job (outboxJob.ts) resends from. The delivery state lives
 * here, so it survives restarts and is shared by every process.
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
    /**
     * 'sent'; 'sending' (claimed by a process, until next_attempt_at: a process that died mid-send leaves
     * it to be sent again); 'failed' (retried at next_attempt_at, or never when that is null: the chat
     * refused it); 'expired' (no longer true when Telegram came back, never sent); 'outbox' (no bot
     * configured, or no Telegram chat for the user).
     */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Sends tried so far (the first one included): the retry delay doubles with each. */
    attempts: integer('attempts').notNull().default(0),
    /** When the retry job may (re)send it; null once it is settled. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** After this it is not sent any more (a one-time code past its expiry); null: no limit. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The text holds a one-time code: redacted once it is delivered or given up. */
    secret: boolean('secret').notNull().default(false),
    /** Telegram's message id once sent, so the message can be edited (the operators' review message). */
    telegramMessageId: bigint('telegram_message_id', { mode: 'number' }),
    /** What the message is about, to find it again (e.g. 'withdrawal:42' for the review messages). */
    ref: text('ref'),
    /** The forum topic (message_thread_id) in a group chat, so a retry lands in the same topic (the support group). */
    threadId: integer('thread_id'),
  },
  (t) => [
    index('bot_outbox_user_idx').on(t.userId, t.createdAt),
    index('bot_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('failed', 'sending') and ${t.nextAttemptAt} is not null`),
    index('bot_outbox_ref_idx').on(t.ref).where(sql`${t.ref} is not null`),
  ],
);
