import {
  AppError,
  type SupportAdminMessageView,
  type SupportConversationView,
  type SupportThread,
  type SupportVia,
  supportMessageProblem,
} from '@prism/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { type AuditActor, recordAudit } from '../audit';
import { memberCardsSql } from '../user';
import { announce } from './announce';
import type { SupportContext } from './context';
import { findConversation, markRead, messagePage, unreadBy } from './conversations';
import { postMessage } from './post';
import { adminView } from './views';

interface ListRow extends Record<string, unknown> {
  id: string | number;
  user_id: string | number;
  phone: string | null;
  nick_name: string | null;
  last_message_at: string | Date;
  telegram_topic_id: number | null;
  last_text: string | null;
  last_author: string | null;
  unread: string | number;
}

/**
 * Every conversation, those with unread player messages first, then the latest. One statement:
 * the player's card comes from the user module's fragment, the last message and the unread count
 * from the (conversation, id) index.
 */
export async function listConversations(
  ctx: SupportContext,
  pageNo: number,
  pageSize: number,
): Promise<{ content: SupportConversationView[]; totalElements: number; pageNo: number }> {
  const rows = await queryRows<ListRow>(
    ctx.db,
    sql`select c.id, c.user_id, u.phone, u.nick_name, c.last_message_at, c.telegram_topic_id,
               last.body as last_text, last.author as last_author,
               (select count(*) from support_messages m
                 where m.conversation_id = c.id and m.author = 'player' and m.id > c.operator_read_id) as unread
        from support_conversations c
        left join ${memberCardsSql} u on u.id = c.user_id
        left join lateral (select body, author from support_messages m where m.conversation_id = c.id order by m.id desc limit 1) last on true
        order by (select exists (select 1 from support_messages m
                   where m.conversation_id = c.id and m.author = 'player' and m.id > c.operator_read_id)) desc,
                 c.last_message_at desc, c.id desc
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
  );
  const [total] = await queryRows<{ n: string | number }>(ctx.db, sql`select count(*) as n from support_conversations`);
  return {
    content: rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      phone: row.phone ?? '',
      nickName: row.nick_name ?? '',
      lastMessageAt: new Date(row.last_message_at).toISOString(),
      lastText: row.last_text ?? '',
      lastAuthor: row.last_author === 'operator' ? 'operator' : 'player',
      unread: Number(row.unread),
      telegramTopicId: row.telegram_topic_id === null ? null : Number(row.telegram_topic_id),
    })),
    totalElements: Number(total?.n ?? 0),
    pageNo,
  };
}

export async function operatorThread(
  ctx: SupportContext,
  id: number,
  before: number | undefined,
  limit: number,
): Promise<SupportThread<SupportAdminMessageView> & { userId: number }> {
  const conversation = await findConversation(ctx.db, id);
  const page = await messagePage(ctx.db, id, before, limit);
  return {
    userId: conversation.userId,
    messages: page.rows.map(adminView),
    hasMore: page.hasMore,
    unread: await unreadBy(ctx.db, conversation, 'operator'),
    otherReadUpTo: conversation.playerReadId,
  };
}

/**
 * An operator answers (console, API or the support group): the message and its audit row are one
 * transaction; then the player hears it live, through the bot, and the group's topic gets a copy.
 */
export async function replyAsOperator(
  ctx: SupportContext,
  id: number,
  actor: AuditActor,
  input: { text: string; via: SupportVia },
): Promise<SupportAdminMessageView> {
  const text = input.text.trim();
  const problem = supportMessageProblem(text, false);
  if (problem === 'empty') throw new AppError('SUPPORT_MESSAGE_EMPTY');
  if (problem === 'tooLong') throw AppError.invalid({ text: 'FIELD_INVALID' });
  const now = ctx.clock.now();
  const operator = { id: actor.operator.id, login: actor.operator.login };
  const { conversation, row } = await ctx.db.transaction(async (tx) => {
    const conversation = await findConversation(tx, id);
    const row = await postMessage(tx, conversation, { author: 'operator', via: input.via, body: text, operator }, now);
    await recordAudit(tx, ctx.clock, actor, {
      action: 'support.reply',
      target: { type: 'supportConversation', id },
      after: { messageId: row.id, userId: conversation.userId, via: input.via },
    });
    return { conversation, row };
  });
  await announce(ctx, conversation, row);
  return adminView(row);
}

/** Operators have read the player's messages up to `upTo` (all when absent); answers the unread count left. */
export async function markReadByOperator(ctx: SupportContext, id: number, upTo: number | undefined): Promise<number> {
  const conversation = await findConversation(ctx.db, id);
  await markRead(ctx.db, conversation, 'operator', upTo);
  return unreadBy(ctx.db, await findConversation(ctx.db, id), 'operator');
}
