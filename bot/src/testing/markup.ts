import type { Chat, InlineKeyboardMarkup } from 'grammy/types';
import { badRequest } from './params';

/** The fields that give an inline button its action; Telegram wants exactly one. */
const ACTIONS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Telegram refuses link buttons whose host has no dot (localhost, intranet names):
 * a Mini App URL such as http://localhost:5173 cannot go into a url button.
 */
function checkButtonUrl(url: unknown): void {
  if (typeof url !== 'string') throw badRequest('BUTTON_URL_INVALID');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('BUTTON_URL_INVALID');
  }
  if (parsed.protocol === 'tg:') return;
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname.includes('.'))
    throw badRequest('BUTTON_URL_INVALID');
}

/**
 * Where a keyboard goes: a chat, or 'inline' for a message a user sends through the bot (inline results,
 * prepared messages), which may land in any chat.
 */
export type MarkupTarget = Chat | 'inline';

/**
 * Web App buttons open only HTTPS pages, and only in the private chat with the bot: never in a group,
 * nor in a message sent through the bot in inline mode (Telegram answers BUTTON_TYPE_INVALID).
 */
function checkWebApp(webApp: unknown, target: MarkupTarget): void {
  const url = isRecord(webApp) ? webApp.url : undefined;
  if (typeof url !== 'string' || !url.startsWith('https://')) {
    throw badRequest(`inline keyboard button Web App URL '${String(url)}' is invalid: Only HTTPS links are allowed`);
  }
  if (target === 'inline' || target.type !== 'private') throw badRequest('BUTTON_TYPE_INVALID');
}

function checkInlineButton(button: unknown, chat: MarkupTarget): void {
  if (!isRecord(button) || typeof button.text !== 'string' || button.text === '')
    throw badRequest('text buttons are unallowed in the inline keyboard');
  const actions = ACTIONS.filter((action) => button[action] !== undefined);
  if (actions.length !== 1) throw badRequest('text buttons are unallowed in the inline keyboard');
  if (button.callback_data !== undefined) {
    const data = button.callback_data;
    // Telegram counts bytes, not characters: 64 bytes of UTF-8 at most.
    if (typeof data !== 'string' || data === '' || Buffer.byteLength(data, 'utf8') > 64) throw badRequest('BUTTON_DATA_INVALID');
  }
  if (button.url !== undefined) checkButtonUrl(button.url);
  if (button.web_app !== undefined) checkWebApp(button.web_app, chat);
}

/**
 * Validates `reply_markup` the way Telegram does for the cases our bot can get
 * wrong, and returns the inline keyboard to store on the message (Telegram only
 * echoes inline keyboards back in Message.reply_markup).
 */
export function checkReplyMarkup(markup: Record<string, unknown> | undefined, chat: MarkupTarget): InlineKeyboardMarkup | undefined {
  if (!markup) return undefined;
  const keyboard = markup.inline_keyboard;
  if (keyboard === undefined) return undefined;
  if (!Array.isArray(keyboard) || !keyboard.every(Array.isArray))
    throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  for (const row of keyboard as unknown[][]) for (const button of row) checkInlineButton(button, chat);
  return { inline_keyboard: keyboard as InlineKeyboardMarkup['inline_keyboard'] };
}
