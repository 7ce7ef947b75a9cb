import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { verifyPassword } from '../../platform/passwords';
import { claimAttempt, clearAttempts, type ThrottlePolicy } from '../auth/throttle';
import { users } from '../user/schema';

/**
 * Six digits are a small space, so five wrong payment passwords make the next
 * try wait 15 minutes, then 30, then an hour at most (a stolen token alone
 * cannot guess its way to a withdrawal, and the owner is never shut out for good).
 */
export const ASSET_PASSWORD_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 15 * 60_000, maxDelayMs: 60 * 60_000 };

/** Checks the 6-digit payment password; attempts are counted before the check, so parallel guesses share one budget. */
export async function verifyAssetPassword(db: Executor, clock: Clock, userId: number, password: string): Promise<void> {
  const [user] = await db.select({ hash: users.assetPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user?.hash) throw new AppError('ASSET_PASSWORD_NOT_SET');
  const key = `asset:${userId}`;
  const attempt = await claimAttempt(db, clock, key, ASSET_PASSWORD_THROTTLE);
  if (!attempt.allowed) throw AppError.wait('ASSET_PASSWORD_LOCKED', attempt.waitMs / 1000);
  if (await verifyPassword(user.hash, password)) {
    await clearAttempts(db, key);
    return;
  }
  if (attempt.waitIfWrongMs) throw AppError.wait('ASSET_PASSWORD_LOCKED', attempt.waitIfWrongMs / 1000);
  throw new AppError('ASSET_PASSWORD_WRONG');
}
