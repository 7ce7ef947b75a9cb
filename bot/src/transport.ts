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
  send(chatId: number, message: OutgoingMessage): Promise<void>;
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
      await api.sendMessage(chatId, message.text, {
        ...(message.buttons?.length ? { reply_markup: { inline_keyboard: toInlineKeyboard(message.buttons) } } : {}),
        link_preview_options: { is_disabled: true },
      });
    },
  };
}
