import type { SupportVia } from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type SupportConversationRow, type SupportMessageRow, supportConversations, supportMessages } from './schema';

export interface NewMessage {
  author: 'player' | 'operator';
  via: SupportVia;
  body: string;
  operator?: { id: number; login: string } | undefined;
  attachment?: { id: number; url: string } | undefined;
}

/**
 * Writes one message (kept for good: nothing edits or deletes it) and moves the conversation's
 * latest time. A side that writes has read everything before its own message.
 */
export async function postMessage(
  tx: Executor,
  conversation: SupportConversationRow,
  message: NewMessage,
  now: Date,
): Promise<SupportMessageRow> {
  const [row] = await tx
    .insert(supportMessages)
    .values({
      conversationId: conversation.id,
      author: message.author,
      via: message.via,
      body: message.body,
      operatorId: message.operator?.id ?? null,
      operatorLogin: message.operator?.login ?? null,
      attachmentUploadId: message.attachment?.id ?? null,
      attachmentUrl: message.attachment?.url ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('support message not written');
  const readBefore = row.id - 1;
  await tx
    .update(supportConversations)
    .set({
      lastMessageAt: now,
      ...(message.author === 'player'
        ? { playerReadId: Math.max(conversation.playerReadId, readBefore) }
        : { operatorReadId: Math.max(conversation.operatorReadId, readBefore) }),
    })
    .where(eq(supportConversations.id, conversation.id));
  return row;
}
