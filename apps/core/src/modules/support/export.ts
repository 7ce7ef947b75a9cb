import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ExportRow } from '../../db/pages';
import { findConversationOfUser } from './conversations';
import { supportMessages } from './schema';

/**
 * The player's support conversation for "my data" (contract D): every message, oldest first, as
 * plain rows (author, text, image URL, time). Operators' logins are not the player's data.
 */
export async function exportSupportConversation(db: Executor, userId: number): Promise<ExportRow[]> {
  const conversation = await findConversationOfUser(db, userId);
  if (!conversation) return [];
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversation.id))
    .orderBy(asc(supportMessages.id));
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    text: row.body,
    attachmentUrl: row.attachmentUrl,
    createdAt: row.createdAt.toISOString(),
  }));
}
