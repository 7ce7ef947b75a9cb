import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { verifyPassword } from '../../platform/passwords';
import { users } from '../user/schema';

export const ASSET_PASSWORD_MAX_FAILURES = 5;
export const ASSET_PASSWORD_LOCK_MS = 15 * 60_000;

/**
 * Checks the 6-digit payment password. Six digits are a small space, so five
 * wrong tries in a row lock payments for 15 minutes (a stolen token alone
 * cannot guess its way to a withdrawal).
 */
export async function verifyAssetPassword(db: Executor, clock: Clock, userId: number, password: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.assetPasswordHash) throw new AppError('ASSET_PASSWORD_NOT_SET');
  const now = clock.now();
  if (user.assetPasswordLockedUntil && user.assetPasswordLockedUntil > now) throw new AppError('ASSET_PASSWORD_LOCKED');
  if (await verifyPassword(user.assetPasswordHash, password)) {
    if (user.assetPasswordFailures > 0)
      await db.update(users).set({ assetPasswordFailures: 0, assetPasswordLockedUntil: null }).where(eq(users.id, userId));
    return;
  }
  // Counted in one statement, so concurrent wrong guesses are all counted.
  const [counted] = await db
    .update(users)
    .set({ assetPasswordFailures: sql`${users.assetPasswordFailures} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.assetPasswordFailures });
  if ((counted?.failures ?? 0) < ASSET_PASSWORD_MAX_FAILURES) throw new AppError('ASSET_PASSWORD_WRONG');
  await db
    .update(users)
    .set({ assetPasswordFailures: 0, assetPasswordLockedUntil: new Date(now.getTime() + ASSET_PASSWORD_LOCK_MS) })
    .where(eq(users.id, userId));
  throw new AppError('ASSET_PASSWORD_LOCKED');
}
