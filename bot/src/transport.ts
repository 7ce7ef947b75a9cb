import type { Api } from 'grammy';
import type { InlineKeyboardButton, InlineQueryResult } from 'grammy/types';

/** A button under a bot message: a link, the Mini App, or a callback for operators. */
export type OutgoingButton = { text: string; url: string } | { text: string; webAppUrl: string } | { text: string; callbackData: string };

export interface OutgoingMessage {
  text: string;
  buttons?: OutgoingButton[][];
  /** A forum topic of the chat (Telegram's message_thread_id): the support group has one per player. */
  threadId?: number;
}

/** How core reaches a Telegram chat. The grammY implementation is below; tests point it at the fake Bot API. */
export interface BotTransport {
  /** Resolves with Telegram's message id. */
  send(chatId: number, message: OutgoingMessage): Promise<SentMessage>;
  /** Replaces a sent message's text and buttons (no `buttons`: the buttons go). */
  edit(chatId: number, messageId: number, message: OutgoingMessage): Promise<void>;
  /**
   * Saves a message the user may send from the Mini App (Bot API 8.0 savePreparedInlineMessage), to
   * any private chat, group or channel; the Mini App hands the id to Telegram's share sheet.
   */
  prepareInlineMessage(userId: number, result: InlineQueryResult): Promise<PreparedMessage>;
  /** Makes a topic in a forum supergroup (the bot must be an admin allowed to manage topics); resolves with its thread id. */
  createForumTopic(chatId: number, name: string): Promise<number>;
}

export interface PreparedMessage {
  id: string;
  /** When Telegram forgets it. */
  expiresAt: Date;
}

export interface SentMessage {
  messageId: number;
}

export function toInlineKeyboard(buttons: OutgoingButton[][]): InlineKeyboardButton[][] {
  return buttons.map((row) =>
    row.map((button): InlineKeyboardButton => {
      if ('url' in button) return { text: button.text, url: button.url };
      if ('webAppUrl' in button) return { text: button.text, web_app: { url: button.webAppUrl } };
      return { text: button.text, callback_data: button.callbackData };
    }),
  );
}

export function createGrammyTransport(api: Api): BotTransport {
  return {
    async send(chatId, message) {
      const sent = await api.sendMessage(chatId, message.text, {
        ...(message.buttons?.length ? { reply_markup: { inline_keyboard: toInlineKeyboard(message.buttons) } } : {}),
        ...(message.threadId ? { message_thread_id: message.threadId } : {}),
        link_preview_options: { is_disabled: true },
      });
      return { messageId: sent.message_id };
    },
    async createForumTopic(chatId, name) {
      const topic = await api.createForumTopic(chatId, name);
      return topic.message_thread_id;
    },
    async prepareInlineMessage(userId, result) {
      const prepared = await api.savePreparedInlineMessage(userId, result, {
        allow_user_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      return { id: prepared.id, expiresAt: new Date(prepared.expiration_date * 1000) };
    },
    async edit(chatId, messageId, message) {
      await api.editMessageText(chatId, messageId, message.text, {
        reply_markup: { inline_keyboard: message.buttons?.length ? toInlineKeyboard(message.buttons) : [] },
        link_preview_options: { is_disabled: true },
      });
    },
  };
}
