import type { BotCommand, Chat, InlineQueryResult, MenuButton, Message, User, UserFromGetMe, WebhookInfo } from 'grammy/types';
import { badRequest, FakeApiError } from './params';
import { testChat } from './updates';

/** What the fake knows about the webhook set with setWebhook. */
export interface FakeWebhook {
  url: string;
  secretToken: string | undefined;
  maxConnections: number;
  allowedUpdates: WebhookInfo['allowed_updates'];
  lastErrorDate: number | undefined;
  lastErrorMessage: string | undefined;
}

export interface FakeInlineQuery {
  from: User;
  query: string;
  answer?: { results: InlineQueryResult[]; button: Record<string, unknown> | undefined };
}

export interface FakePreparedMessage {
  id: string;
  expiration_date: number;
  userId: number;
  result: InlineQueryResult;
  /** The allow_*_chats flags that were true. */
  allowed: string[];
}

/** A forum supergroup the bot is in. */
export interface FakeForum {
  topics: Map<number, string>;
  /** The bot is an administrator with can_manage_topics (needed for createForumTopic). */
  botCanManageTopics: boolean;
}

/** The bot's world as Telegram would remember it, shared by the method handlers. */
export class FakeState {
  /** Users seen in pushed updates: they have talked to the bot, so it may write to them. */
  readonly users = new Map<number, User>();
  readonly chats = new Map<number, Chat>();
  /** Messages the bot sent, by `${chatId}:${messageId}`, in sending order; edits replace in place. */
  readonly messages = new Map<string, Message>();
  private readonly lastMessageId = new Map<number, number>();
  /** Callback query ids from pushed updates, and whether they were answered. */
  readonly callbackQueries = new Map<string, { answered: boolean }>();
  /** Inline query ids from pushed updates, who asked, and the answer once answerInlineQuery gave it. */
  readonly inlineQueries = new Map<string, FakeInlineQuery>();
  /** Messages saved with savePreparedInlineMessage, by their id. */
  readonly preparedMessages = new Map<string, FakePreparedMessage>();
  /** Commands by scope and language, as setMyCommands stored them. */
  readonly commands = new Map<string, BotCommand[]>();
  /** Menu buttons by chat id, '' for the default one. */
  readonly menuButtons = new Map<string, MenuButton>();
  webhook: FakeWebhook | undefined;
  /** Forum supergroups (`addForum`): their topics by message_thread_id, and whether the bot may make topics. */
  readonly forums = new Map<number, FakeForum>();

  constructor(
    readonly botInfo: UserFromGetMe,
    /** When true, the bot may only write to chats that wrote to it first, as on Telegram. */
    readonly strictChats: boolean,
  ) {}

  /** The bot as it appears in `from` of its own messages. */
  get botUser(): User {
    const { id, is_bot, first_name, username } = this.botInfo;
    return { id, is_bot, first_name, username };
  }

  rememberChat(chat: Chat, from?: User): void {
    this.chats.set(chat.id, chat);
    if (from) this.users.set(from.id, from);
  }

  /** Resolves `chat_id` to a chat, refusing like Telegram when the bot may not write there. */
  chatFor(chatId: number | string): Chat {
    if (typeof chatId === 'string') {
      const username = chatId.replace(/^@/, '').toLowerCase();
      const known = [...this.chats.values()].find((chat) => 'username' in chat && chat.username?.toLowerCase() === username);
      if (known) return known;
      throw badRequest('chat not found');
    }
    const known = this.chats.get(chatId);
    if (known) return known;
    if (this.strictChats) {
      if (chatId > 0) throw new FakeApiError(403, "Forbidden: bot can't initiate conversation with a user");
      throw badRequest('chat not found');
    }
    const user = this.users.get(chatId) ?? { id: chatId, is_bot: false, first_name: `User ${chatId}` };
    return testChat(chatId, user);
  }

  nextMessageId(chatId: number): number {
    const next = (this.lastMessageId.get(chatId) ?? 0) + 1;
    this.lastMessageId.set(chatId, next);
    return next;
  }

  /** The message to edit, or Telegram's refusal when it does not exist. */
  findMessage(chatId: number, messageId: number, action: string): Message {
    const message = this.messages.get(`${chatId}:${messageId}`);
    if (!message) throw badRequest(`message to ${action} not found`);
    return message;
  }

  /** Makes `chatId` a forum supergroup the bot is in. */
  addForum(chatId: number, title: string, botCanManageTopics: boolean): void {
    this.chats.set(chatId, { id: chatId, type: 'supergroup', title, is_forum: true });
    this.forums.set(chatId, { topics: new Map(), botCanManageTopics });
  }

  /** Refuses, like Telegram, a message_thread_id that is not a topic of the chat. */
  checkThread(chatId: number, threadId: number): void {
    if (!this.forums.get(chatId)?.topics.has(threadId)) throw badRequest('message thread not found');
  }

  saveMessage(message: Message): Message {
    this.messages.set(`${message.chat.id}:${message.message_id}`, message);
    return message;
  }
}

/** The key commands are stored under: scope object and language code, as Telegram distinguishes them. */
export function commandsKey(scope: Record<string, unknown> | undefined, languageCode: string | undefined): string {
  const { type = 'default', chat_id, user_id } = scope ?? {};
  return JSON.stringify([type, chat_id ?? null, user_id ?? null, languageCode ?? '']);
}
