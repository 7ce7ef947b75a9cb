import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userIdReference } from '../user';

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
     * configured, or no Telegram chat for the user); 'queued' (a topic message waiting for its turn
     * at next_attempt_at: the outbox job sends it, paced under Telegram's limits); 'muted' (its topic
     * was switched off: recorded, never sent); 'blocked' (the user blocked the bot: never sent).
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
    /** The notification topic the player may switch off (null: always on). */
    topic: text('topic'),
  },
  (t) => [
    index('bot_outbox_user_idx').on(t.userId, t.createdAt),
    index('bot_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'failed', 'sending') and ${t.nextAttemptAt} is not null`),
    index('bot_outbox_ref_idx').on(t.ref).where(sql`${t.ref} is not null`),
  ],
);

/**
 * A player's notification choices (docs/telegram.md, "Notifications"), one row per user, stored once:
 * the app and the bot's /settings read and write this row. No row means the defaults
 * (DEFAULT_CHOICES). `blocked_at` is set when Telegram answers 403 (the user blocked the bot) and
 * cleared when they /start it again; while set nothing is sent to them.
 */
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey().references(userIdReference),
    results: boolean('results').notNull().default(true),
    income: boolean('income').notNull().default(true),
    reminder: boolean('reminder').notNull().default(false),
    notices: boolean('notices').notNull().default(true),
    /** "HH:MM" in `time_zone`. */
    reminderTime: text('reminder_time').notNull().default('20:00'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The player saved their choices (a row made only to mark a block is not a choice). */
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** The last local day the reminder was handled (sent, or skipped): once a day, whatever the number of processes. */
    remindedOn: date('reminded_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('notification_prefs_reminder_time', sql`${t.reminderTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('notification_prefs_reminder_idx').on(t.userId).where(sql`${t.reminder}`),
  ],
);

/**
 * The daily jobs' claims (the income summary of a day): the row is inserted in the transaction that
 * queues the day's messages, so the day is done exactly once across processes and restarts.
 */
export const notifyDailyRuns = pgTable(
  'notify_daily_runs',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    messages: integer('messages').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
