import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { idempotencyKeys } from './schema';

/**
 * The idempotency store: claims on (user, key), fenced by a generation number.
 * It decides nothing about HTTP; run.ts turns its answers into replays and errors.
 */

/** A claim left this long without an answer is taken to be dead (its process crashed). */
export const STALE_CLAIM_MS = 120_000;

export interface ClaimScope {
  userId: number;
  key: string;
  route: string;
  requestHash: string;
}

/**
 * For an operation that records its own answer in the statement that does the
 * work (the bet, modules/game/betting.ts): the key, and what to record with it.
 */
export interface KeyRecord {
  key: string;
  route: string;
  requestHash: string;
}

/** Such an operation found its key recorded already and changed nothing. */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

/** The claim held by one attempt: only this generation may commit. */
export interface Claim {
  userId: number;
  key: string;
  generation: number;
}

export type ClaimResult =
  | { kind: 'claimed'; claim: Claim }
  /** The same request already has an answer. */
  | { kind: 'done'; outcome: unknown }
  /** The key was used for a different request. */
  | { kind: 'conflict' }
  /** Another attempt holds a live claim. */
  | { kind: 'busy' };

const rowOf = (claim: Pick<Claim, 'userId' | 'key'>) => and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
/** The claim is still this attempt's and has no answer yet. */
const heldBy = (claim: Claim) => and(rowOf(claim), eq(idempotencyKeys.generation, claim.generation), isNull(idempotencyKeys.outcome));

/** Claims the key, or says why not; takes over a stale claim (exactly one taker wins). */
export async function claimKey(db: Executor, scope: ClaimScope, now: Date): Promise<ClaimResult> {
  // A row released between our insert and our read is simply claimed again (bounded: a few rounds).
  for (let round = 0; round < 3; round++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, key: scope.key, route: scope.route, requestHash: scope.requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ generation: idempotencyKeys.generation });
    if (inserted) return { kind: 'claimed', claim: { userId: scope.userId, key: scope.key, generation: inserted.generation } };
    const [row] = await db.select().from(idempotencyKeys).where(rowOf(scope));
    if (!row) continue;
    if (row.requestHash !== scope.requestHash) return { kind: 'conflict' };
    if (row.outcome !== null) return { kind: 'done', outcome: row.outcome };
    if (now.getTime() - row.createdAt.getTime() < STALE_CLAIM_MS) return { kind: 'busy' };
    // Taking over moves the generation on: the earlier attempt, should it wake up, is fenced off.
    // On PostgreSQL this waits while that attempt holds the row in its money transaction.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ createdAt: now, generation: sql`${idempotencyKeys.generation} + 1` })
      .where(heldBy({ ...scope, generation: row.generation }))
      .returning({ generation: idempotencyKeys.generation });
    if (taken) return { kind: 'claimed', claim: { userId: scope.userId, key: scope.key, generation: taken.generation } };
    const answered = await outcomeOf(db, scope);
    return answered === undefined ? { kind: 'busy' } : { kind: 'done', outcome: answered };
  }
  return { kind: 'busy' };
}

/**
 * The fence, first statement of the money transaction: locks the claim row if it
 * is still ours. False when it was taken over meanwhile: move no money then.
 * While we hold it, nobody can take the claim over until our transaction ends.
 */
export async function holdClaim(tx: Executor, claim: Claim): Promise<boolean> {
  const rows = await tx.select({ generation: idempotencyKeys.generation }).from(idempotencyKeys).where(heldBy(claim)).for('update');
  return rows.length > 0;
}

/** Records the answer, if the claim is still ours. */
export async function recordOutcome(db: Executor, claim: Claim, outcome: unknown): Promise<boolean> {
  const rows = await db.update(idempotencyKeys).set({ outcome }).where(heldBy(claim)).returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Gives the key back after an unexpected failure (so a retry can run), if the claim is still ours. */
export async function releaseClaim(db: Executor, claim: Claim): Promise<void> {
  await db.delete(idempotencyKeys).where(heldBy(claim));
}

/** The recorded answer for the key, if any. */
export async function outcomeOf(db: Executor, at: Pick<Claim, 'userId' | 'key'>): Promise<unknown> {
  const [row] = await db.select({ outcome: idempotencyKeys.outcome }).from(idempotencyKeys).where(rowOf(at));
  return row?.outcome ?? undefined;
}

/** Idempotency keys must live at least 24 h (a client may retry that late); we keep them 48 h. */
export const IDEMPOTENCY_KEY_TTL_MS = 48 * 3_600_000;

/** Maintenance: deletes the keys past their time; answers how many. */
export async function pruneIdempotencyKeys(db: Database, clock: Clock): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
