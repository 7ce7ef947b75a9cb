import type { BotTransport, DeliveryFailure, OutgoingMessage } from '@prism/bot';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { findUserById } from '../user/repository';
import { botOutbox } from './schema';

export type DeliveryStatus = 'sent' | 'failed' | 'outbox';

/** A message's fate; a failed one says whether the chat refused it or Telegram could not be reached. */
export interface Delivery {
  status: DeliveryStatus;
  failure?: DeliveryFailure;
}

/**
 * Sends bot messages to users' own Telegram chats. Every message is written to
 * the bot outbox with its fate: 'sent', 'failed', or 'outbox' when there is no
 * bot (no BOT_TOKEN) or the user has no linked chat, so nothing vanishes.
 */
export interface Notifier {
  notifyUser(userId: number, kind: string, message: OutgoingMessage, options?: DeliveryOptions): Promise<Delivery>;
  notifyChat(chatId: number, kind: string, message: OutgoingMessage): Promise<Delivery>;
}

export interface DeliveryOptions {
  /**
   * The text holds a secret (a one-time code). Once delivered to Telegram the
   * outbox keeps only a redacted copy; undelivered (no bot) it keeps the text,
   * because the outbox is then the only way to read it.
   */
  secret?: boolean;
}

export const REDACTED_TEXT = '[delivered; the text held a one-time code and is not kept]';

export function createNotifier(db: Database, clock: Clock, logger: Logger, transport?: BotTransport): Notifier {
  const deliver = async (
    chatId: number | undefined,
    userId: number | undefined,
    kind: string,
    message: OutgoingMessage,
    options: DeliveryOptions = {},
  ): Promise<Delivery> => {
    let status: DeliveryStatus = 'outbox';
    let failure: DeliveryFailure | undefined;
    let error: string | undefined;
    if (transport && chatId != null) {
      try {
        await transport.send(chatId, message);
        status = 'sent';
      } catch (err) {
        status = 'failed';
        // Reading grammY's error needs grammY: loaded already when a transport exists (server.ts), so the import is
        // a lookup; a process without the bot never gets here and never loads it.
        const { deliveryFailureOf } = await import('@prism/bot/grammy');
        failure = deliveryFailureOf(err);
        error = err instanceof Error ? err.message : String(err);
        logger.warn({ kind, userId, failure, error }, 'bot message failed');
      }
    }
    await db.insert(botOutbox).values({
      chatId: chatId ?? null,
      userId: userId ?? null,
      kind,
      text: options.secret && status !== 'outbox' ? REDACTED_TEXT : message.text,
      buttons: message.buttons ?? null,
      status,
      error: error ?? null,
      createdAt: clock.now(),
    });
    return failure ? { status, failure } : { status };
  };

  return {
    async notifyUser(userId, kind, message, options) {
      const user = await findUserById(db, userId);
      return deliver(user?.telegramId ?? undefined, userId, kind, message, options);
    },
    notifyChat: (chatId, kind, message) => deliver(chatId, undefined, kind, message),
  };
}
