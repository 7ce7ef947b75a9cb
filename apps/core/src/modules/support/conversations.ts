import { AppError } from '@prism/domain';
import { and, count, desc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type SupportConversationRow, type SupportMessageRow, supportConversations, supportMessages } from './schema';

export async function findConversationOfUser(db: Executor, userId: number): Promise<SupportConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.userId, userId));
  return row;
}

/** The player's conversation, made on their first message (one per player: the unique index decides a race). */
export async function openConversation(db: Executor, userId: number, now: Date): Promise<SupportConversationRow> {
  await db.insert(supportConversations).values({ userId, createdAt: now, lastMessageAt: now }).onConflictDoNothing();
  const row = await findConversationOfUser(db, userId);
  if (!row) throw new Error('support conversation not opened');
  return row;
}

/** A conversation by id, for operators. */
export async function findConversation(db: Executor, id: number): Promise<SupportConversationRow> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!row) throw new AppError('SUPPORT_CONVERSATION_NOT_FOUND');
  return row;
}

/** The conversation of a forum topic in the support group. */
export async function findConversationOfTopic(db: Executor, chatId: number, topicId: number): Promise<SupportConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.telegramChatId, chatId), eq(supportConversations.telegramTopicId, topicId)));
  return row;
}

/**
 * A page of messages, oldest first: the newest `limit` below `before` (all when absent), and
 * whether older ones remain.
 */
export async function messagePage(
  db: Executor,
  conversationId: number,
  before: number | undefined,
  limit: number,
): Promise<{ rows: SupportMessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), before === undefined ? undefined : lt(supportMessages.id, before)))
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

export type Side = 'player' | 'operator';
const other = (side: Side): Side => (side === 'player' ? 'operator' : 'player');
const readIdOf = (conversation: SupportConversationRow, side: Side) =>
  side === 'player' ? conversation.playerReadId : conversation.operatorReadId;

/** Messages of the other side that `side` has not read. */
export async function unreadBy(db: Executor, conversation: SupportConversationRow, side: Side): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversation.id),
        eq(supportMessages.author, other(side)),
        gt(supportMessages.id, readIdOf(conversation, side)),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * `side` has read up to `upTo` (the newest message when absent). A marker only moves forward and
 * never past the conversation's newest message.
 */
export async function markRead(db: Executor, conversation: SupportConversationRow, side: Side, upTo: number | undefined): Promise<void> {
  const [latest] = await db
    .select({ id: max(supportMessages.id) })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversation.id));
  const newest = Number(latest?.id ?? 0);
  const target = Math.min(upTo ?? newest, newest);
  const column = side === 'player' ? supportConversations.playerReadId : supportConversations.operatorReadId;
  await db
    .update(supportConversations)
    .set(
      side === 'player' ? { playerReadId: sql`greatest(${column}, ${target})` } : { operatorReadId: sql`greatest(${column}, ${target})` },
    )
    .where(eq(supportConversations.id, conversation.id));
}
