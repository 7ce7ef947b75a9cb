import { AppError } from '@prism/domain';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { verifyPassword } from '../../platform/passwords';
import { type ThrottlePolicy, throttledCheck } from '../throttle';
import { findAssetPasswordHash } from '../user';

/**
 * Six digits are a small space, so five wrong payment passwords make the next
 * try wait 15 minutes, then 30, then an hour at most (a stolen token alone
 * cannot guess its way to a withdrawal, and the owner is never shut out for good).
 */
export const ASSET_PASSWORD_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 15 * 60_000, maxDelayMs: 60 * 60_000 };

/**
 * Checks the 6-digit payment password. Only a wrong one is counted (recorded
 * under the row lock, so parallel guesses share one budget); any number of
 * parallel withdrawals with the right one pass and count nothing.
 */
export async function verifyAssetPassword(db: Executor, clock: Clock, userId: number, password: string): Promise<void> {
  const hash = await findAssetPasswordHash(db, userId);
  if (!hash) throw new AppError('ASSET_PASSWORD_NOT_SET');
  const verdict = await throttledCheck(db, clock, [{ key: `asset:${userId}`, policy: ASSET_PASSWORD_THROTTLE }], () =>
    verifyPassword(hash, password),
  );
  if (verdict.right) return;
  if (verdict.waitMs) throw AppError.wait('ASSET_PASSWORD_LOCKED', verdict.waitMs / 1000);
  throw new AppError('ASSET_PASSWORD_WRONG');
}
