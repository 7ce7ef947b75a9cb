import { eq, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { passwordThrottles } from './schema';

/**
 * How many wrong passwords a key may try: `freeFailures` in a row freely, then
 * each further attempt waits `baseDelayMs`, doubling per failure up to
 * `maxDelayMs`. A wait, never a permanent lock: nobody can shut an account for
 * good by guessing against it. A day without attempts forgets the failures.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Login: 5 free, then 30 s, 1, 2, 4, 8 min, and at most 15 min between guesses. */
export const LOGIN_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 };

const FORGET_AFTER_MS = 24 * 3_600_000;

/** Allowed attempts say how long the key must wait should this one be wrong (0: no wait yet). */
export type Attempt = { allowed: true; waitIfWrongMs: number } | { allowed: false; waitMs: number };

/** The wait that starts when the `failures`-th attempt is counted. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(failures - policy.freeFailures, 30), policy.maxDelayMs);
}

/**
 * Counts an attempt for `key` before its password is checked, or refuses it
 * while the key is waiting. The count and the check happen under the row's
 * lock, so parallel attempts are serialised: no burst can exceed the budget.
 */
export async function claimAttempt(db: Executor, clock: Clock, key: string, policy: ThrottlePolicy): Promise<Attempt> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx
      .insert(passwordThrottles)
      .values({ key, failures: 0, blockedUntil: null, updatedAt: now })
      .onConflictDoNothing({ target: passwordThrottles.key });
    const [row] = await tx.select().from(passwordThrottles).where(eq(passwordThrottles.key, key)).for('update');
    if (row?.blockedUntil && row.blockedUntil > now) return { allowed: false, waitMs: row.blockedUntil.getTime() - now.getTime() };
    const stale = !row || now.getTime() - row.updatedAt.getTime() > FORGET_AFTER_MS;
    const failures = (stale ? 0 : row.failures) + 1;
    const delay = delayAfter(failures, policy);
    await tx
      .update(passwordThrottles)
      .set({ failures, blockedUntil: delay ? new Date(now.getTime() + delay) : null, updatedAt: now })
      .where(eq(passwordThrottles.key, key));
    return { allowed: true, waitIfWrongMs: delay };
  });
}

/** A right password: the key starts afresh. */
export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.delete(passwordThrottles).where(eq(passwordThrottles.key, key));
}

/** Housekeeping: rows nobody has tried for a day (their failures are forgotten anyway). */
export async function pruneThrottles(db: Database, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - FORGET_AFTER_MS);
  const removed = await db
    .delete(passwordThrottles)
    .where(lt(passwordThrottles.updatedAt, before))
    .returning({ key: passwordThrottles.key });
  return removed.length;
}
