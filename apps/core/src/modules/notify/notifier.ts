import type { BotTransport, DeliveryFailure, OutgoingButton, OutgoingMessage } from '@prism/bot';
import type { NotificationTopic } from '@prism/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { NOTICE_TTL_MS, REDACTED_TEXT, SEND_LEASE_MS, sendClaimed } from './delivery';
import { clearBlocked } from './prefs';
import { enqueueTopicMessage, heldRow, recipientOf } from './queue';
import { botOutbox } from './schema';

export { REDACTED_TEXT } from './delivery';

/**
 * 'queued': a topic message waiting for its turn (the outbox job sends it under Telegram's limits);
 * 'muted': its topic is switched off (recorded, never sent).
 */
export type DeliveryStatus = 'sent' | 'failed' | 'outbox' | 'queued' | 'muted';

/** A message's fate; a failed one says whether the chat refused it or Telegram could not be reached. */
export interface Delivery {
  /** The bot outbox row. */
  id: number;
  status: DeliveryStatus;
  failure?: DeliveryFailure;
}

/**
 * Sends bot messages to users' own Telegram chats. Every message is written to
 * the bot outbox first, then sent, then marked: 'sent', 'failed' (retried later
 * by the outbox job when Telegram could not be reached), or 'outbox' when there
 * is no bot (no BOT_TOKEN) or the user has no linked chat, so nothing vanishes.
 */
export interface Notifier {
  notifyUser(userId: number, kind: string, message: OutgoingMessage, options?: DeliveryOptions): Promise<Delivery>;
  notifyChat(chatId: number, kind: string, message: OutgoingMessage, options?: DeliveryOptions): Promise<Delivery>;
  /** The message is no longer true (its code was withdrawn): it is never sent late. */
  expire(id: number): Promise<void>;
  /**
   * Replaces every message about `ref` (e.g. a decided withdrawal's review message): sent ones are
   * edited in their chats, unsent ones are rewritten so a retry sends the new version.
   */
  replace(ref: string, message: OutgoingMessage): Promise<void>;
}

export interface DeliveryOptions {
  /**
   * The text holds a secret (a one-time code). Once delivered to Telegram (or
   * given up) the outbox keeps only a redacted copy; undelivered (no bot) it
   * keeps the text, because the outbox is then the only way to read it.
   */
  secret?: boolean;
  /** Not sent after this (a code's own expiry); notices default to NOTICE_TTL_MS after writing. */
  expiresAt?: Date;
  /** What the message is about, for `replace`. */
  ref?: string;
  /**
   * A topic the player may switch off (results, income, reminder, notices): off, the message is
   * recorded as muted and never sent; on, it joins the paced queue. Without one the message is
   * always on (deposits, withdrawals, security, support) and is sent at once.
   */
  topic?: NotificationTopic;
}

/** The outbox row of a message, written before it is sent (`sending`: leased to this process for the send). */
function outboxRow(
  now: Date,
  at: {
    chatId: number | undefined;
    userId: number | undefined;
    kind: string;
    message: OutgoingMessage;
    options: DeliveryOptions;
    sending: boolean;
  },
): typeof botOutbox.$inferInsert {
  const { message, options, sending } = at;
  return {
    chatId: at.chatId ?? null,
    userId: at.userId ?? null,
    kind: at.kind,
    text: message.text,
    buttons: message.buttons ?? null,
    status: sending ? 'sending' : 'outbox',
    createdAt: now,
    attempts: sending ? 1 : 0,
    nextAttemptAt: sending ? new Date(now.getTime() + SEND_LEASE_MS) : null,
    expiresAt: options.expiresAt ?? new Date(now.getTime() + NOTICE_TTL_MS),
    secret: options.secret ?? false,
    ref: options.ref ?? null,
    threadId: message.threadId ?? null,
  };
}

/** grammY's HttpError says only "Network request failed": what failed underneath (a reset, a refusal) is its `error`. */
function causeOf(error: unknown): string | undefined {
  const inner = (error as { error?: unknown } | undefined)?.error;
  if (!(inner instanceof Error)) return undefined;
  return `${inner.name}: ${inner.message}${inner.cause instanceof Error ? ` (${inner.cause.message})` : ''}`;
}

export function createNotifier(db: Database, clock: Clock, logger: Logger, transport?: BotTransport): Notifier {
  const deliver = async (
    chatId: number | undefined,
    userId: number | undefined,
    kind: string,
    message: OutgoingMessage,
    options: DeliveryOptions = {},
  ): Promise<Delivery> => {
    const now = clock.now();
    const sending = transport !== undefined && chatId != null;
    // Written before the send: if this process dies during it, the retry job sends it after the lease.
    const [row] = await db
      .insert(botOutbox)
      .values(outboxRow(now, { chatId, userId, kind, message, options, sending }))
      .returning({ id: botOutbox.id });
    if (!row) throw new Error('insert returned no row');
    if (!transport || chatId == null) return { id: row.id, status: 'outbox' };
    const claimed = {
      id: row.id,
      chatId,
      userId: userId ?? null,
      text: message.text,
      buttons: message.buttons ?? null,
      secret: options.secret ?? false,
      threadId: message.threadId ?? null,
    };
    const outcome = await sendClaimed(db, transport, clock, { ...claimed, attempts: 1 });
    if (outcome.status === 'sent') return { id: row.id, status: 'sent' };
    const { deliveryFailureOf } = await import('@prism/bot/grammy');
    const failure = deliveryFailureOf(outcome.error);
    const error = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    logger.warn({ kind, userId, failure, error, cause: causeOf(outcome.error), retry: outcome.retryable }, 'bot message failed');
    return { id: row.id, status: 'failed', failure };
  };

  return {
    async notifyUser(userId, kind, message, options = {}) {
      const recipient = await recipientOf(db, userId, options.topic);
      // Blocked (403 until they /start again) or switched off: recorded, never sent, nothing asked of Telegram.
      if (recipient.held) {
        const id = await heldRow(db, clock, { userId, chatId: recipient.chatId, kind, message, options, status: recipient.held });
        return recipient.held === 'muted' ? { id, status: 'muted' } : { id, status: 'failed', failure: 'chat' };
      }
      if (options.topic) {
        const queued = transport !== undefined && recipient.chatId !== undefined;
        const id = await enqueueTopicMessage(db, clock, { userId, chatId: recipient.chatId, kind, message, options, queued });
        return { id, status: queued ? 'queued' : 'outbox' };
      }
      const delivery = await deliver(recipient.chatId, userId, kind, message, options);
      // Delivered to a chat marked blocked: the player unblocked the bot, so the optional messages resume too.
      if (delivery.status === 'sent' && recipient.blocked) await clearBlocked(db, userId);
      return delivery;
    },
    notifyChat: (chatId, kind, message, options) => deliver(chatId, undefined, kind, message, options),
    async expire(id) {
      const [row] = await db.select({ secret: botOutbox.secret }).from(botOutbox).where(eq(botOutbox.id, id));
      await db
        .update(botOutbox)
        .set({ status: 'expired', nextAttemptAt: null, ...(row?.secret ? { text: REDACTED_TEXT } : {}) })
        .where(and(eq(botOutbox.id, id), inArray(botOutbox.status, ['failed', 'sending', 'outbox'])));
    },
    replace: (ref, message) => replaceMessages(db, logger, transport, ref, message),
  };
}

async function replaceMessages(
  db: Database,
  logger: Logger,
  transport: BotTransport | undefined,
  ref: string,
  message: OutgoingMessage,
): Promise<void> {
  const buttons: OutgoingButton[][] | null = message.buttons ?? null;
  // Not sent yet: the retry sends the new version.
  await db
    .update(botOutbox)
    .set({ text: message.text, buttons })
    .where(and(eq(botOutbox.ref, ref), inArray(botOutbox.status, ['failed', 'sending', 'outbox'])));
  if (!transport) return;
  const sent = await db
    .select({ id: botOutbox.id, chatId: botOutbox.chatId, messageId: botOutbox.telegramMessageId })
    .from(botOutbox)
    .where(and(eq(botOutbox.ref, ref), eq(botOutbox.status, 'sent')));
  for (const row of sent) {
    if (row.chatId == null || row.messageId == null) continue;
    try {
      await transport.edit(row.chatId, row.messageId, message);
      await db.update(botOutbox).set({ text: message.text, buttons }).where(eq(botOutbox.id, row.id));
    } catch (error) {
      // The buttons stay; pressing one answers that the withdrawal is already decided.
      logger.warn({ err: error, ref, chatId: row.chatId }, 'editing a bot message failed');
    }
  }
}

/** The latest bot messages, newest first, with their delivery state: the operator's and developer's view of the outbox. */
export async function latestBotMessages(db: Executor, limit: number) {
  return db.select().from(botOutbox).orderBy(desc(botOutbox.id)).limit(limit);
}
