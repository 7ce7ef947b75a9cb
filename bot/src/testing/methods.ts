import type { BotCommand, MenuButton, Message, WebhookInfo } from 'grammy/types';
import { inlineMethods } from './inline';
import { checkReplyMarkup } from './markup';
import {
  badRequest,
  FakeApiError,
  optionalArray,
  optionalBool,
  optionalInt,
  optionalObject,
  optionalString,
  type Params,
  requiredInt,
  requiredString,
} from './params';
import { commandsKey, type FakeState } from './state';
import type { UpdateQueue } from './updateQueue';

/** What a method handler may use besides its parameters. */
export interface MethodContext {
  state: FakeState;
  queue: UpdateQueue;
  /** Resolves when the HTTP caller goes away (a long poll stops waiting then). */
  cancelled: Promise<void>;
  /** Starts delivering queued updates to the webhook, if one is set. */
  deliverToWebhook: () => void;
}

/** Answers one Bot API method: returns its `result`, or throws a FakeApiError. */
export type MethodHandler = (params: Params, context: MethodContext) => unknown;

const seconds = () => Math.floor(Date.now() / 1000);

/** chat_id is an integer or an @username; both reach the same lookup. */
function chatIdOf(params: Params): number | string {
  const raw = params.chat_id;
  if (typeof raw === 'string' && raw.startsWith('@')) return raw;
  return requiredInt(params, 'chat_id');
}

/** Telegram counts message length in UTF-16 code units, as JavaScript strings do. */
function checkText(text: string | undefined, limit: number): string {
  if (text === undefined || text.trim() === '') throw badRequest('message text is empty');
  if (text.length > limit) throw badRequest('message is too long');
  return text;
}

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

/** Shared by editMessageText and editMessageReplyMarkup: Telegram drops the keyboard when reply_markup is omitted. */
function editMessage(params: Params, state: FakeState, text: string | undefined): Message | true {
  const markupParam = optionalObject(params, 'reply_markup');
  if (optionalString(params, 'inline_message_id')) return true; // inline messages are not stored; Telegram answers true
  const chatId = requiredInt(params, 'chat_id');
  const message = state.findMessage(chatId, requiredInt(params, 'message_id'), 'edit');
  const markup = checkReplyMarkup(markupParam, message.chat);
  const newText = text ?? message.text;
  if (newText === message.text && JSON.stringify(markup) === JSON.stringify(message.reply_markup)) throw badRequest(NOT_MODIFIED);
  const { reply_markup: _old, ...rest } = message;
  return state.saveMessage({
    ...rest,
    ...(newText !== undefined ? { text: newText } : {}),
    ...(markup ? { reply_markup: markup } : {}),
    edit_date: seconds(),
  });
}

function checkCommands(value: unknown[]): BotCommand[] {
  if (value.length > 100) throw badRequest('too many commands');
  return value.map((item) => {
    const { command, description } = (item ?? {}) as Partial<BotCommand>;
    if (typeof command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(command)) throw badRequest('BOT_COMMAND_INVALID');
    if (typeof description !== 'string' || description.length < 1 || description.length > 256)
      throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
    return { command, description };
  });
}

function checkLanguageCode(params: Params): string | undefined {
  const code = optionalString(params, 'language_code');
  if (code && !/^[a-z]{2}$/.test(code)) throw badRequest('LANG_CODE_INVALID'); // two-letter ISO 639-1 codes only
  return code || undefined;
}

function checkMenuButton(value: Record<string, unknown> | undefined): MenuButton {
  if (!value) return { type: 'default' };
  if (value.type === 'default' || value.type === 'commands') return { type: value.type };
  if (value.type === 'web_app') {
    const webApp = value.web_app as { url?: unknown } | undefined;
    if (typeof value.text !== 'string' || value.text === '') throw badRequest('menu button text is empty');
    if (typeof webApp?.url !== 'string' || !webApp.url.startsWith('https://')) throw badRequest('BUTTON_URL_INVALID');
    return { type: 'web_app', text: value.text, web_app: { url: webApp.url } };
  }
  throw badRequest('unsupported menu button type');
}

/** Every method the fake implements, under its canonical (Telegram) name. */
export const methods: Record<string, MethodHandler> = {
  getMe: (_params, { state }) => state.botInfo,

  async getUpdates(params, { state, queue, cancelled }) {
    if (state.webhook)
      throw new FakeApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    const limit = Math.min(100, Math.max(1, optionalInt(params, 'limit') ?? 100));
    return queue.getUpdates(optionalInt(params, 'offset'), limit, Math.max(0, optionalInt(params, 'timeout') ?? 0), cancelled);
  },

  sendMessage(params, { state }) {
    const chat = state.chatFor(chatIdOf(params));
    const text = checkText(optionalString(params, 'text'), 4096);
    const markup = checkReplyMarkup(optionalObject(params, 'reply_markup'), chat);
    const threadId = optionalInt(params, 'message_thread_id');
    if (threadId !== undefined) state.checkThread(chat.id, threadId);
    return state.saveMessage({
      message_id: state.nextMessageId(chat.id),
      from: state.botUser,
      chat,
      date: seconds(),
      text,
      ...(threadId !== undefined ? { message_thread_id: threadId, is_topic_message: true } : {}),
      ...(markup ? { reply_markup: markup } : {}),
    });
  },

  createForumTopic(params, { state }) {
    const chat = state.chatFor(chatIdOf(params));
    const forum = state.forums.get(chat.id);
    if (!forum) throw badRequest('the chat is not a forum');
    const name = optionalString(params, 'name') ?? '';
    if (name.length < 1 || name.length > 128) throw badRequest('TOPIC_NAME_INVALID');
    if (!forum.botCanManageTopics) throw badRequest('not enough rights to create a topic');
    // Telegram numbers a topic by the id of the service message that opens it.
    const threadId = state.nextMessageId(chat.id);
    forum.topics.set(threadId, name);
    return { message_thread_id: threadId, name, icon_color: 0x6fb9f0 };
  },

  editMessageText: (params, { state }) => editMessage(params, state, checkText(optionalString(params, 'text'), 4096)),

  editMessageReplyMarkup: (params, { state }) => editMessage(params, state, undefined),

  deleteMessage(params, { state }) {
    const chatId = requiredInt(params, 'chat_id');
    const message = state.findMessage(chatId, requiredInt(params, 'message_id'), 'delete');
    state.messages.delete(`${chatId}:${message.message_id}`);
    return true;
  },

  answerCallbackQuery(params, { state }) {
    const query = state.callbackQueries.get(requiredString(params, 'callback_query_id'));
    if (!query || query.answered) throw badRequest('query is too old and response timeout expired or query ID is invalid');
    if ((optionalString(params, 'text') ?? '').length > 200) throw badRequest('MESSAGE_TOO_LONG');
    query.answered = true;
    return true;
  },

  sendChatAction(params, { state }) {
    state.chatFor(chatIdOf(params));
    requiredString(params, 'action');
    return true;
  },

  setMyCommands(params, { state }) {
    const commands = checkCommands(optionalArray(params, 'commands') ?? []);
    state.commands.set(commandsKey(optionalObject(params, 'scope'), checkLanguageCode(params)), commands);
    return true;
  },

  getMyCommands: (params, { state }) => state.commands.get(commandsKey(optionalObject(params, 'scope'), checkLanguageCode(params))) ?? [],

  deleteMyCommands(params, { state }) {
    state.commands.delete(commandsKey(optionalObject(params, 'scope'), checkLanguageCode(params)));
    return true;
  },

  setWebhook(params, { state, queue, deliverToWebhook }) {
    const url = optionalString(params, 'url') ?? '';
    const secretToken = optionalString(params, 'secret_token');
    // Telegram only calls HTTPS webhooks on ports 443, 80, 88 and 8443; the fake also accepts
    // plain http on any port, because tests listen on loopback.
    if (url !== '' && !/^https?:\/\/[^/]+/.test(url)) throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
    if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken))
      throw badRequest('secret token contains unallowed characters');
    if (optionalBool(params, 'drop_pending_updates')) queue.dropAll();
    // Telegram ends a long poll that is waiting when a webhook is set.
    if (url !== '') queue.terminate('Conflict: terminated by setWebhook request');
    const allowedUpdates = optionalArray(params, 'allowed_updates');
    state.webhook =
      url === ''
        ? undefined
        : {
            url,
            secretToken,
            maxConnections: optionalInt(params, 'max_connections') ?? 40,
            // Stored as given: Telegram ignores names it does not know.
            allowedUpdates: allowedUpdates?.map(String) as WebhookInfo['allowed_updates'],
            lastErrorDate: undefined,
            lastErrorMessage: undefined,
          };
    deliverToWebhook();
    return true;
  },

  deleteWebhook(params, { state, queue }) {
    if (optionalBool(params, 'drop_pending_updates')) queue.dropAll();
    state.webhook = undefined;
    return true;
  },

  getWebhookInfo(_params, { state, queue }): WebhookInfo {
    const hook = state.webhook;
    return {
      url: hook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: queue.pending,
      ...(hook?.lastErrorDate !== undefined ? { last_error_date: hook.lastErrorDate } : {}),
      ...(hook?.lastErrorMessage !== undefined ? { last_error_message: hook.lastErrorMessage } : {}),
      ...(hook ? { max_connections: hook.maxConnections } : {}),
      ...(hook?.allowedUpdates ? { allowed_updates: hook.allowedUpdates } : {}),
    };
  },

  setChatMenuButton(params, { state }) {
    const chatId = optionalInt(params, 'chat_id');
    state.menuButtons.set(chatId === undefined ? '' : String(chatId), checkMenuButton(optionalObject(params, 'menu_button')));
    return true;
  },

  getChatMenuButton(params, { state }) {
    const chatId = optionalInt(params, 'chat_id');
    return (chatId !== undefined ? state.menuButtons.get(String(chatId)) : undefined) ?? state.menuButtons.get('') ?? { type: 'commands' };
  },

  ...inlineMethods,
};
