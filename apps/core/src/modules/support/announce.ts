import { supportTexts } from '@prism/domain';
import { findUserLocale } from '../user';
import type { SupportContext } from './context';
import { copyToGroup } from './group';
import type { SupportConversationRow, SupportMessageRow } from './schema';

/**
 * After a message committed: the player's open streams hear it on every process (LISTEN/NOTIFY);
 * an operator's reply also reaches the player through the bot (always on); the support group's
 * topic gets a copy of everything not written there. None of it undoes the message when it fails.
 */
export async function announce(ctx: SupportContext, conversation: SupportConversationRow, row: SupportMessageRow): Promise<void> {
  await ctx.events.publish({
    type: 'support_message',
    userId: conversation.userId,
    messageId: row.id,
    author: row.author === 'operator' ? 'operator' : 'player',
  });
  if (row.author === 'operator') await tellPlayer(ctx, conversation.userId, row);
  if (row.via !== 'telegram') await copyToGroup(ctx, conversation, row);
}

async function tellPlayer(ctx: SupportContext, userId: number, row: SupportMessageRow): Promise<void> {
  const texts = supportTexts(await findUserLocale(ctx.db, userId));
  try {
    // No notification topic: a support answer is always on (contract A).
    await ctx.notifier.notifyUser(userId, 'support.reply', { text: texts.reply(row.body) }, { ref: `support:${row.id}` });
  } catch (error) {
    ctx.logger.warn({ err: error, userId, messageId: row.id }, 'support reply notice failed');
  }
}
