import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { phoneTarget, userTarget } from './codes';
import { smsOutbox, verificationCodes } from './schema';

/**
 * Forgets the SMS codes and outbox copies sent to a phone (account deletion, before the phone itself
 * is erased from the account): nothing left here names the number.
 */
export async function eraseSmsOf(tx: Executor, userId: number, phone: { areaCode: string; phone: string }): Promise<void> {
  await tx.delete(smsOutbox).where(and(eq(smsOutbox.areaCode, phone.areaCode), eq(smsOutbox.phone, phone.phone)));
  const targets = [phoneTarget(phone.areaCode, phone.phone), userTarget(userId)];
  await tx.delete(verificationCodes).where(inArray(verificationCodes.target, targets));
}
