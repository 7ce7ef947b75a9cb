import { AppError, type SupportMessageView, type SupportThread, supportMessageProblem } from '@prism/domain';
import { findOwnUpload } from '../file';
import { announce } from './announce';
import type { SupportContext } from './context';
import { findConversationOfUser, markRead, messagePage, openConversation, unreadBy } from './conversations';
import { postMessage } from './post';
import { playerView } from './views';

export interface PlayerMessageInput {
  text: string;
  /** The URL the upload endpoint answered for an image this player uploaded. */
  attachmentUrl?: string | undefined;
}

/** The player writes to support: their conversation is opened by the first message. */
export async function sendAsPlayer(ctx: SupportContext, userId: number, input: PlayerMessageInput): Promise<SupportMessageView> {
  const text = input.text.trim();
  const problem = supportMessageProblem(text, input.attachmentUrl !== undefined);
  if (problem === 'empty') throw new AppError('SUPPORT_MESSAGE_EMPTY');
  if (problem === 'tooLong') throw AppError.invalid({ text: 'FIELD_INVALID' });
  const attachment = input.attachmentUrl === undefined ? undefined : await findOwnUpload(ctx.db, userId, input.attachmentUrl);
  if (input.attachmentUrl !== undefined && !attachment) throw new AppError('SUPPORT_ATTACHMENT_UNKNOWN');
  const now = ctx.clock.now();
  const { conversation, row } = await ctx.db.transaction(async (tx) => {
    const conversation = await openConversation(tx, userId, now);
    const row = await postMessage(tx, conversation, { author: 'player', via: 'app', body: text, attachment }, now);
    return { conversation, row };
  });
  await announce(ctx, conversation, row);
  return playerView(row);
}

/** A page of the player's own conversation (empty before their first message). */
export async function playerThread(ctx: SupportContext, userId: number, before: number | undefined, limit: number): Promise<SupportThread> {
  const conversation = await findConversationOfUser(ctx.db, userId);
  if (!conversation) return { messages: [], hasMore: false, unread: 0, otherReadUpTo: 0 };
  const page = await messagePage(ctx.db, conversation.id, before, limit);
  return {
    messages: page.rows.map(playerView),
    hasMore: page.hasMore,
    unread: await unreadBy(ctx.db, conversation, 'player'),
    otherReadUpTo: conversation.operatorReadId,
  };
}

export async function playerUnread(ctx: SupportContext, userId: number): Promise<number> {
  const conversation = await findConversationOfUser(ctx.db, userId);
  return conversation ? unreadBy(ctx.db, conversation, 'player') : 0;
}

/** The player has read the answers up to `upTo` (all when absent); answers the unread count left. */
export async function markReadByPlayer(ctx: SupportContext, userId: number, upTo: number | undefined): Promise<number> {
  const conversation = await findConversationOfUser(ctx.db, userId);
  if (!conversation) return 0;
  await markRead(ctx.db, conversation, 'player', upTo);
  return playerUnread(ctx, userId);
}
