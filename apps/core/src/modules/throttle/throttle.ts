import { and, eq, gte, inArray, like, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { passwordThrottles } from './schema';

/**
 * Wrong-password budgets shared by every password check (login in auth, the payment password in
 * withdraw): their own module, so that neither check depends on the other's module.
 */

/**
 * How many wrong passwords a key may try: `freeFailures` in a row freely, then
 * each further attempt waits `baseDelayMs`, doubling per failure up to
 * `maxDelayMs`. A wait, never a permanent lock: nobody can shut an account for
 * good by guessing against it. A day without a wrong attempt forgets the failures.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** One budget a password check is counted against. */
export interface Budget {
  key: string;
  policy: ThrottlePolicy;
}

const FORGET_AFTER_MS = 24 * 3_600_000;

/** The outcome of a throttled check: right, or wrong / refused with the wait it leaves (0: wrong, no wait yet). */
export type Verdict = { right: true } | { right: false; waitMs: number };

/** The wait that starts when the `failures`-th wrong password is counted. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.baseDelayMs * 2 ** Math.min(failures - policy.freeFailures, 30), policy.maxDelayMs);
}

type Row = typeof passwordThrottles.$inferSelect;

const waitOf = (rows: Row[], now: Date) =>
  Math.max(0, ...rows.map((row) => (row.blockedUntil && row.blockedUntil > now ? row.blockedUntil.getTime() - now.getTime() : 0)));

/**
 * Runs `check` (the password comparison) against every budget, counting only a
 * wrong answer. A key that is waiting is refused without checking. The check runs
 * outside any transaction (no connection is held while hashing); its result is
 * then recorded under the rows' locks, and a wrong one is counted only while no
 * budget is waiting. So any number of right passwords in parallel pass and count
 * nothing, and parallel wrong ones count at most the free budget: those recorded
 * after the wait began answer "wait" whatever they were, so they tell a guesser
 * nothing and a right guess among them is refused too.
 */
export async function throttledCheck(db: Executor, clock: Clock, budgets: Budget[], check: () => Promise<boolean>): Promise<Verdict> {
  const keys = budgets.map((budget) => budget.key);
  const before = await db.select().from(passwordThrottles).where(inArray(passwordThrottles.key, keys));
  const waiting = waitOf(before, clock.now());
  if (waiting) return { right: false, waitMs: waiting };
  const right = await check();
  return db.transaction(async (tx) => {
    const now = clock.now();
    // Locked in key order, so two checks sharing keys never wait on each other in a cycle.
    const sorted = [...budgets].sort((a, b) => (a.key < b.key ? -1 : 1));
    if (!right) {
      await tx
        .insert(passwordThrottles)
        .values(sorted.map(({ key }) => ({ key, failures: 0, blockedUntil: null, updatedAt: now })))
        .onConflictDoNothing({ target: passwordThrottles.key });
    }
    const rows = await tx
      .select()
      .from(passwordThrottles)
      .where(inArray(passwordThrottles.key, keys))
      .orderBy(passwordThrottles.key)
      .for('update');
    const waitMs = waitOf(rows, now);
    if (waitMs) return { right: false, waitMs };
    if (right) return { right: true };
    let wait = 0;
    for (const { key, policy } of sorted) {
      const row = rows.find((r) => r.key === key);
      const stale = !row || now.getTime() - row.updatedAt.getTime() > FORGET_AFTER_MS;
      const failures = (stale ? 0 : row.failures) + 1;
      const delay = delayAfter(failures, policy);
      wait = Math.max(wait, delay);
      await tx
        .update(passwordThrottles)
        .set({ failures, blockedUntil: delay ? new Date(now.getTime() + delay) : null, updatedAt: now })
        .where(eq(passwordThrottles.key, key));
    }
    return { right: false, waitMs: wait };
  });
}

/** A right password (or a proven phone): these keys start afresh. */
export async function clearAttempts(db: Executor, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(passwordThrottles).where(inArray(passwordThrottles.key, keys));
}

/**
 * Marks `key` as proven now (a right password or an SMS code from one address):
 * a row with no failures, remembered for a day like any other.
 */
export async function remember(db: Executor, clock: Clock, key: string): Promise<void> {
  const now = clock.now();
  await db
    .insert(passwordThrottles)
    .values({ key, failures: 0, blockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({ target: passwordThrottles.key, set: { failures: 0, blockedUntil: null, updatedAt: now } });
}

/** Whether `key` was proven within the last day. */
export async function remembered(db: Executor, clock: Clock, key: string): Promise<boolean> {
  const [row] = await db.select().from(passwordThrottles).where(eq(passwordThrottles.key, key));
  return !!row && clock.now().getTime() - row.updatedAt.getTime() <= FORGET_AFTER_MS;
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

/** The remembered keys (proven within the last day) that match an SQL LIKE pattern: who signed in from where (auth's loginPeers). */
export async function rememberedKeysLike(db: Executor, clock: Clock, pattern: string): Promise<string[]> {
  const since = new Date(clock.now().getTime() - FORGET_AFTER_MS);
  const rows = await db
    .select({ key: passwordThrottles.key })
    .from(passwordThrottles)
    .where(and(like(passwordThrottles.key, pattern), eq(passwordThrottles.failures, 0), gte(passwordThrottles.updatedAt, since)))
    .limit(500);
  return rows.map((row) => row.key);
}
