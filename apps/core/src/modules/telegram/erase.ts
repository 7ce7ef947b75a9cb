import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { telegramLinkTokens } from './schema';

/** Forgets the user's Telegram link tokens (account deletion; the link itself is the account's telegram_id, erased by user). */
export async function eraseTelegramLinkTokens(tx: Executor, userId: number): Promise<void> {
  await tx.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, userId));
}
