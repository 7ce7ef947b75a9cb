import type { Api } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';

/** A button under a bot message: a link, the Mini App, or a callback for operators. */
export type OutgoingButton = { text: string; url: string } | { text: string; webAppUrl: string } | { text: string; callbackData: string };

export interface OutgoingMessage {
  text: string;
  buttons?: OutgoingButton[][];
}

/** How core reaches a Telegram chat. The grammY implementation is below; tests point it at the fake Bot API. */
export interface BotTransport {
  /** Resolves with Telegram's message id. */
  send(chatId: number, message: OutgoingMessage): Promise<SentMessage>;
  /** Replaces a sent message's text and buttons (no `buttons`: the buttons go). */
  edit(chatId: number, messageId: number, message: OutgoingMessage): Promise<void>;
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
        link_preview_options: { is_disabled: true },
      });
      return { messageId: sent.message_id };
    },
    async edit(chatId, messageId, message) {
      await api.editMessageText(chatId, messageId, message.text, {
        reply_markup: { inline_keyboard: message.buttons?.length ? toInlineKeyboard(message.buttons) : [] },
        link_preview_options: { is_disabled: true },
      });
    },
  };
}
