import { randomBytes } from 'node:crypto';
import type { InlineQueryResult, PreparedInlineMessage } from 'grammy/types';
import { checkReplyMarkup } from './markup';
import {
  badRequest,
  optionalArray,
  optionalBool,
  optionalInt,
  optionalObject,
  optionalString,
  type Params,
  requiredInt,
  requiredString,
} from './params';
import type { FakeState } from './state';

/** The result types Telegram knows (InlineQueryResult); anything else is refused. */
const RESULT_TYPES = new Set([
  'article',
  'photo',
  'gif',
  'mpeg4_gif',
  'video',
  'audio',
  'voice',
  'document',
  'location',
  'venue',
  'contact',
  'game',
  'sticker',
]);

/** The fake keeps a prepared message for a day; callers must read expiration_date, as Telegram's may differ. */
export const PREPARED_MESSAGE_TTL_SECONDS = 24 * 60 * 60;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text a result sends: 1..4096 UTF-16 units, as for sendMessage. */
function checkMessageContent(content: unknown): void {
  if (!isRecord(content)) throw badRequest('MESSAGE_EMPTY');
  if (!('message_text' in content)) return; // location, venue, contact or invoice content: not checked here
  const text = content.message_text;
  if (typeof text !== 'string' || text.trim() === '') throw badRequest('MESSAGE_EMPTY');
  if (text.length > 4096) throw badRequest('MESSAGE_TOO_LONG');
}

/**
 * One InlineQueryResult as Telegram checks it where our bot can get it wrong: a known type, an id of
 * 1..64 bytes, an article's title and message text, and a keyboard that may go into any chat (no Web
 * App buttons: they work only in the private chat with the bot).
 */
export function checkInlineResult(value: unknown): InlineQueryResult {
  if (!isRecord(value)) throw badRequest("can't parse inline query result");
  if (typeof value.type !== 'string' || !RESULT_TYPES.has(value.type)) throw badRequest('RESULT_TYPE_INVALID');
  const id = value.id;
  if (typeof id !== 'string' || id === '' || Buffer.byteLength(id, 'utf8') > 64) throw badRequest('RESULT_ID_INVALID');
  if (value.type === 'article') {
    if (typeof value.title !== 'string' || value.title.trim() === '') throw badRequest('RESULT_TITLE_EMPTY');
    checkMessageContent(value.input_message_content);
  } else if (value.input_message_content !== undefined) checkMessageContent(value.input_message_content);
  checkReplyMarkup(isRecord(value.reply_markup) ? value.reply_markup : undefined, 'inline');
  return value as unknown as InlineQueryResult;
}

/** The button above the results: opens the bot's chat with /start <start_parameter>, or a Web App. */
function checkResultsButton(button: Record<string, unknown> | undefined): void {
  if (!button) return;
  if (typeof button.text !== 'string' || button.text.trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
  const start = button.start_parameter;
  const webApp = button.web_app;
  if ((start === undefined) === (webApp === undefined)) throw badRequest('BUTTON_TYPE_INVALID');
  if (start !== undefined && (typeof start !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(start))) throw badRequest('START_PARAM_INVALID');
  if (webApp !== undefined && !(isRecord(webApp) && typeof webApp.url === 'string' && webApp.url.startsWith('https://')))
    throw badRequest('BUTTON_URL_INVALID');
}

/** answerInlineQuery and savePreparedInlineMessage, as Telegram answers them. */
export const inlineMethods = {
  answerInlineQuery(params: Params, { state }: { state: FakeState }) {
    const query = state.inlineQueries.get(requiredString(params, 'inline_query_id'));
    if (!query || query.answer) throw badRequest('query is too old and response timeout expired or query ID is invalid');
    const raw = optionalArray(params, 'results');
    if (raw === undefined) throw badRequest('parameter "results" is required');
    if (raw.length > 50) throw badRequest('RESULTS_TOO_MUCH');
    const results = raw.map(checkInlineResult);
    if (new Set(results.map((result) => result.id)).size !== results.length) throw badRequest('RESULT_ID_DUPLICATE');
    checkResultsButton(optionalObject(params, 'button'));
    const cacheTime = optionalInt(params, 'cache_time');
    if (cacheTime !== undefined && cacheTime < 0) throw badRequest('field "cache_time" must be non-negative');
    if (Buffer.byteLength(optionalString(params, 'next_offset') ?? '', 'utf8') > 64) throw badRequest('NEXT_OFFSET_INVALID');
    optionalBool(params, 'is_personal');
    query.answer = { results, button: optionalObject(params, 'button') };
    return true;
  },

  savePreparedInlineMessage(params: Params, { state }: { state: FakeState }): PreparedInlineMessage {
    const userId = requiredInt(params, 'user_id');
    if (userId <= 0) throw badRequest('USER_ID_INVALID');
    const raw = optionalObject(params, 'result');
    if (!raw) throw badRequest('result is empty');
    const result = checkInlineResult(raw);
    const allowed = ['allow_user_chats', 'allow_bot_chats', 'allow_group_chats', 'allow_channel_chats'].filter((name) =>
      optionalBool(params, name),
    );
    const prepared: PreparedInlineMessage = {
      id: randomBytes(12).toString('base64url'),
      expiration_date: Math.floor(Date.now() / 1000) + PREPARED_MESSAGE_TTL_SECONDS,
    };
    state.preparedMessages.set(prepared.id, { ...prepared, userId, result, allowed });
    return prepared;
  },
};
