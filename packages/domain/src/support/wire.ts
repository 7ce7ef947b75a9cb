import type { SupportAuthor, SupportVia } from './rules';

/** One message of a support conversation, as the player sees it (the operator's name is not shown). */
export interface SupportMessageView {
  id: number;
  author: SupportAuthor;
  text: string;
  /** The attached image's URL (/core/files/...), or null. */
  attachmentUrl: string | null;
  createdAt: string;
}

/** The same message in the console: who answered and from where. */
export interface SupportAdminMessageView extends SupportMessageView {
  operatorLogin: string | null;
  via: SupportVia;
}

/**
 * A page of a conversation, oldest first. `hasMore`: older messages exist (ask again with
 * `before` = the first id). `unread`: messages from the other side not read yet.
 * `otherReadUpTo`: the other side has read every message up to this id (0: none).
 */
export interface SupportThread<M extends SupportMessageView = SupportMessageView> {
  messages: M[];
  hasMore: boolean;
  unread: number;
  otherReadUpTo: number;
}

export interface SupportUnread {
  unread: number;
}

/** A conversation in the console's list (unread first, then the latest). */
export interface SupportConversationView {
  id: number;
  userId: number;
  phone: string;
  nickName: string;
  lastMessageAt: string;
  lastText: string;
  lastAuthor: SupportAuthor;
  unread: number;
  /** The Telegram forum topic of this conversation, when the group is configured. */
  telegramTopicId: number | null;
}

/** A live event on /app/support/events: a new message in the caller's conversation (refetch the thread). */
export interface SupportLiveEvent {
  type: 'support_message';
  messageId: number;
  author: SupportAuthor;
}
