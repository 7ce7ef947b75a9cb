import type { Chat, Message, MessageEntity, Update, User } from 'grammy/types';

/** An update before the fake numbers it: `pushUpdate` fills in `update_id` when it is missing. */
export type UpdateDraft = Omit<Update, 'update_id'> & { update_id?: number };

/** A Telegram user for tests; override what matters (language_code picks the bot's language). */
export function testUser(overrides: Partial<User> = {}): User {
  return { id: 100_001, is_bot: false, first_name: 'Ada', username: 'ada', language_code: 'en', ...overrides };
}

/**
 * The chat a message lives in: a private chat with `user` for positive ids (the
 * user's own id by default), a group for negative ids, a supergroup for -100....
 */
export function testChat(chatId: number, user: User): Exclude<Chat, Chat.ChannelChat> {
  if (chatId > 0) {
    return {
      id: chatId,
      type: 'private',
      first_name: user.first_name,
      ...(user.last_name ? { last_name: user.last_name } : {}),
      ...(user.username ? { username: user.username } : {}),
    };
  }
  if (chatId <= -1_000_000_000_000) return { id: chatId, type: 'supergroup', title: `Supergroup ${-chatId}` };
  return { id: chatId, type: 'group', title: `Group ${-chatId}` };
}

/** A message in a topic comes from a forum supergroup, which Telegram marks is_forum. */
function forumAware(chat: Exclude<Chat, Chat.ChannelChat>, threadId: number | undefined): Exclude<Chat, Chat.ChannelChat> {
  return threadId !== undefined && chat.type === 'supergroup' ? { ...chat, is_forum: true } : chat;
}

let nextIncomingMessageId = 1;
let nextCallbackQueryId = 1;

/**
 * Entities Telegram attaches to a text: a leading `/command` (or `/command@bot`)
 * becomes a bot_command entity, which grammY's `command()` filter relies on.
 */
export function commandEntities(text: string): MessageEntity[] {
  const match = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?/.exec(text);
  return match ? [{ type: 'bot_command', offset: 0, length: match[0].length }] : [];
}

export interface MessageUpdateOptions {
  text: string;
  /** Sender; `testUser()` by default. */
  from?: User;
  /** Chat id; the sender's private chat by default. */
  chatId?: number;
  messageId?: number;
  /** Unix seconds; now by default. */
  date?: number;
  updateId?: number;
  /** A forum topic (message_thread_id) of the chat: the message is written in that topic. */
  threadId?: number;
}

/** A `message` update with a text, as Telegram sends when a user writes to the bot. */
export function messageUpdate(options: MessageUpdateOptions): UpdateDraft {
  const from = options.from ?? testUser();
  const entities = commandEntities(options.text);
  const message = {
    message_id: options.messageId ?? nextIncomingMessageId++,
    date: options.date ?? Math.floor(Date.now() / 1000),
    chat: forumAware(testChat(options.chatId ?? from.id, from), options.threadId),
    from,
    text: options.text,
    ...(entities.length ? { entities } : {}),
    ...(options.threadId !== undefined ? { message_thread_id: options.threadId, is_topic_message: true } : {}),
  };
  return { ...(options.updateId !== undefined ? { update_id: options.updateId } : {}), message };
}

export interface CallbackQueryUpdateOptions {
  /** The button's callback_data. */
  data: string;
  /** Who pressed it; `testUser()` by default. */
  from?: User;
  /** The bot message that carried the button, e.g. one of `fake.sent()`. */
  message?: Message;
  /** Query id; answerCallbackQuery must quote it. Unique by default. */
  id?: string;
  updateId?: number;
}

/** A `callback_query` update, as Telegram sends when a user presses an inline button. */
export function callbackQueryUpdate(options: CallbackQueryUpdateOptions): UpdateDraft {
  const from = options.from ?? testUser();
  return {
    ...(options.updateId !== undefined ? { update_id: options.updateId } : {}),
    callback_query: {
      id: options.id ?? `cbq-${nextCallbackQueryId++}`,
      from,
      chat_instance: `instance-${options.message?.chat.id ?? from.id}`,
      data: options.data,
      ...(options.message ? { message: options.message } : {}),
    },
  };
}

let nextInlineQueryId = 1;

export interface InlineQueryUpdateOptions {
  /** What the user typed after @bot (may be empty). */
  query?: string;
  /** Who typed it; `testUser()` by default. */
  from?: User;
  /** The chat the user types in, as Telegram reports it. */
  chatType?: 'sender' | 'private' | 'group' | 'supergroup' | 'channel';
  offset?: string;
  /** Query id; answerInlineQuery must quote it. Unique by default. */
  id?: string;
  updateId?: number;
}

/** An `inline_query` update, as Telegram sends when a user types @bot in any chat (inline mode on). */
export function inlineQueryUpdate(options: InlineQueryUpdateOptions = {}): UpdateDraft {
  return {
    ...(options.updateId !== undefined ? { update_id: options.updateId } : {}),
    inline_query: {
      id: options.id ?? `iq-${nextInlineQueryId++}`,
      from: options.from ?? testUser(),
      query: options.query ?? '',
      offset: options.offset ?? '',
      chat_type: options.chatType ?? 'sender',
    },
  };
}
