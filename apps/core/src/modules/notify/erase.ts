import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { botOutbox } from './schema';

/**
 * Forgets the bot messages addressed to a user (account deletion): their texts and chat id, and any
 * still waiting for a retry, which must not reach the chat of an account that no longer exists.
 * Messages to operators' chats carry no user and stay.
 */
export async function eraseBotMessages(tx: Executor, userId: number): Promise<void> {
  await tx.delete(botOutbox).where(eq(botOutbox.userId, userId));
}
