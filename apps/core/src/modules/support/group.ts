import { supportGroupTexts, supportTopicName } from '@prism/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { findUserById } from '../user';
import type { SupportContext, SupportGroup } from './context';
import { findConversation } from './conversations';
import { type SupportConversationRow, type SupportMessageRow, supportConversations } from './schema';

/**
 * Copies a message into the conversation's forum topic of the support group (made on the first
 * copy). Telegram unreachable or refusing: logged, the message stays in the app, and the next
 * message tries again; a copy that failed to send is retried by the bot outbox in its topic.
 */
export async function copyToGroup(ctx: SupportContext, conversation: SupportConversationRow, row: SupportMessageRow): Promise<void> {
  const group = ctx.group;
  if (!group) return;
  try {
    const topicId = await topicOf(ctx, group, conversation);
    const text =
      row.author === 'player'
        ? supportGroupTexts.fromPlayer(row.body, row.attachmentUrl, ctx.publicUrl)
        : supportGroupTexts.fromOperator(row.operatorLogin ?? '', row.body);
    await ctx.notifier.notifyChat(group.chatId, `support.${row.author}`, { text, threadId: topicId });
  } catch (error) {
    ctx.logger.warn({ err: error, conversationId: conversation.id }, 'support group copy failed');
  }
}

/**
 * The conversation's topic in this group: made once (createForumTopic) and stored. Two processes
 * making it at once both create one; only the first stored is used (the other stays empty).
 */
async function topicOf(ctx: SupportContext, group: SupportGroup, conversation: SupportConversationRow): Promise<number> {
  if (conversation.telegramChatId === group.chatId && conversation.telegramTopicId !== null) return conversation.telegramTopicId;
  const user = await findUserById(ctx.db, conversation.userId);
  const label = user?.nickName || (user ? `${user.areaCode} ${user.phone}` : undefined);
  const topicId = await group.transport.createForumTopic(group.chatId, supportTopicName(conversation.userId, label));
  const stored = await ctx.db
    .update(supportConversations)
    .set({ telegramChatId: group.chatId, telegramTopicId: topicId })
    .where(
      and(
        eq(supportConversations.id, conversation.id),
        conversation.telegramTopicId === null
          ? isNull(supportConversations.telegramTopicId)
          : eq(supportConversations.telegramTopicId, conversation.telegramTopicId),
      ),
    )
    .returning({ topicId: supportConversations.telegramTopicId });
  if (stored[0]?.topicId != null) return stored[0].topicId;
  const now = await findConversation(ctx.db, conversation.id);
  return now.telegramTopicId ?? topicId;
}
