import type { OutgoingMessage } from '@prism/bot';
import { DEFAULT_CHOICES, type NotificationTopic } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { telegramChatSql } from '../user';
import { NOTICE_TTL_MS } from './delivery';
import type { DeliveryOptions } from './notifier';
import { botOutbox } from './schema';

/**
 * The paced queue of topic messages (docs/telegram.md, "Limits"). A topic message is not sent by
 * the process that writes it: it is written 'queued' with its turn in next_attempt_at, and the
 * outbox job sends what is due, at most PER_SECOND a second overall and one a second per chat.
 * The turn is given here: one second after the chat's last queued message, so a chat's messages
 * are spaced even when several processes write them; the job keeps the spacing against sends it
 * made itself. A burst (a big session settling) is thereby spread, in the database, over as
 * many seconds as it needs, and survives restarts.
 */

/** One second between two messages to one chat (Telegram: about one a second per chat). */
export const PER_CHAT_GAP_MS = 1_000;

interface Recipient {
  chatId: number | undefined;
  /** Not to be sent: the player blocked the bot (a message they may switch off), or switched the topic off. */
  held?: 'blocked' | 'muted';
  /** Marked blocked (Telegram's 403) and not yet started again. */
  blocked?: boolean;
}

/** The player's chat and whether a message of `topic` may go to them, in one query. */
export async function recipientOf(db: Executor, userId: number, topic: NotificationTopic | undefined): Promise<Recipient> {
  const muted = topic
    ? sql`coalesce((select not p.${sql.raw(topic)} from notification_prefs p where p.user_id = ${userId}), ${!DEFAULT_CHOICES.topics[topic]})`
    : sql`false`;
  const [row] = await queryRows<{ chat_id: string | number | null; blocked: boolean; muted: boolean }>(
    db,
    sql`select ${telegramChatSql(sql`${userId}`)} as chat_id,
               coalesce((select p.blocked_at is not null from notification_prefs p where p.user_id = ${userId}), false) as blocked,
               ${muted} as muted`,
  );
  const chatId = row?.chat_id == null ? undefined : Number(row.chat_id);
  // Optional messages stop at once for a player who blocked the bot. An always-on one (a withdrawal
  // code the player just asked for, a deposit, a support answer) is still tried: the player may have
  // unblocked the bot since, and Telegram answers 403 again if not.
  if (row?.blocked && chatId !== undefined && topic) return { chatId, held: 'blocked' };
  if (row?.muted) return { chatId, held: 'muted' };
  return { chatId, ...(row?.blocked ? { blocked: true } : {}) };
}

interface Draft {
  userId: number;
  chatId: number | undefined;
  kind: string;
  message: OutgoingMessage;
  options: DeliveryOptions;
}

function baseRow(now: Date, draft: Draft) {
  const { message, options } = draft;
  return {
    chatId: draft.chatId ?? null,
    userId: draft.userId,
    kind: draft.kind,
    text: message.text,
    buttons: message.buttons ?? null,
    createdAt: now,
    expiresAt: options.expiresAt ?? new Date(now.getTime() + NOTICE_TTL_MS),
    secret: options.secret ?? false,
    ref: options.ref ?? null,
    topic: options.topic ?? null,
  };
}

/** A message that is not sent (muted or blocked): written as the record of what would have gone. */
export async function heldRow(db: Executor, clock: Clock, draft: Draft & { status: 'blocked' | 'muted' }): Promise<number> {
  const [row] = await db
    .insert(botOutbox)
    .values({ ...baseRow(clock.now(), draft), status: draft.status, nextAttemptAt: null })
    .returning({ id: botOutbox.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A topic message into the queue, at its chat's next turn ('outbox' when there is no bot or no chat). */
export async function enqueueTopicMessage(db: Executor, clock: Clock, draft: Draft & { queued: boolean }): Promise<number> {
  const now = clock.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  // Its turn: now, or a second after the chat's last queued message when that is later.
  const turn = sql`greatest(${at}, (select max(q.next_attempt_at) from bot_outbox q
                     where q.chat_id = ${draft.chatId ?? null} and q.status = 'queued') + ${`${PER_CHAT_GAP_MS} milliseconds`}::interval)`;
  const [row] = await db
    .insert(botOutbox)
    .values({
      ...baseRow(now, draft),
      status: draft.queued ? 'queued' : 'outbox',
      nextAttemptAt: draft.queued ? turn : null,
    })
    .returning({ id: botOutbox.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
