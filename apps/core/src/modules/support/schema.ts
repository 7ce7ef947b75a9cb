import { SUPPORT_AUTHORS, SUPPORT_VIAS } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';
import { userIdReference } from '../user';

/**
 * One support conversation per player, made with their first message. The read markers are the
 * last message id each side has read: unread counts are the other side's messages above them.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userIdReference),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** The player has read every operator message up to this id. */
    playerReadId: bigint('player_read_id', { mode: 'number' }).notNull().default(0),
    /** Operators have read every player message up to this id. */
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    /** The forum topic (message_thread_id) of this conversation in the support group, once made. */
    telegramTopicId: integer('telegram_topic_id'),
    /** The group the topic lives in (a new SUPPORT_CHAT_ID gets new topics). */
    telegramChatId: bigint('telegram_chat_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('support_conversations_user').on(t.userId),
    index('support_conversations_latest').on(t.lastMessageAt),
    uniqueIndex('support_conversations_topic').on(t.telegramChatId, t.telegramTopicId),
  ],
);

/** Every message of every conversation, kept: nothing deletes or edits them. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    author: text('author').notNull(),
    /** The operator who answered (null for the player's messages). */
    operatorId: bigint('operator_id', { mode: 'number' }),
    operatorLogin: text('operator_login'),
    /** app (the player), console, api or telegram (an operator in the support group). */
    via: text('via').notNull(),
    body: text('body').notNull(),
    /** The attached image: its upload (file module) and the URL it is served at. */
    attachmentUploadId: bigint('attachment_upload_id', { mode: 'number' }),
    attachmentUrl: text('attachment_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_messages_conversation').on(t.conversationId, t.id),
    check('support_messages_author', oneOf(t.author, SUPPORT_AUTHORS)),
    check('support_messages_via', oneOf(t.via, SUPPORT_VIAS)),
    check('support_messages_operator', sql`(${t.author} = 'operator') = (${t.operatorId} is not null)`),
  ],
);

export type SupportConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
