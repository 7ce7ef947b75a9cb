import { createHash } from 'node:crypto';
import type { ErrorKey, ValidationKey } from '@prism/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Request } from 'express';
import type { Database, Transaction } from '../db/client';
import type { Clock } from '../platform/clock';
import { AppError } from './errors';

/**
 * Idempotency-Key on money-moving POSTs (DESIGN 2). A request first claims its
 * key; its checks run; then the money moves and the answer is recorded in ONE
 * transaction, so a retry can never move money twice:
 * - same key, same request: the first answer again, nothing moved;
 * - same key, different request: IDEMPOTENCY_CONFLICT;
 * - a duplicate while the first is still running: REQUEST_IN_PROGRESS;
 * - a business error is an answer too; an unexpected failure releases the key.
 * A claim left behind by a crashed process is taken over after STALE_CLAIM_MS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

type Outcome = { ok: true; result: unknown } | { ok: false; key: ErrorKey; fields: Partial<Record<string, ValidationKey>> };

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_FORMAT = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The request's Idempotency-Key, validated; undefined when absent. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER)?.trim();
  if (!key) return undefined;
  if (!KEY_FORMAT.test(key)) throw AppError.invalid({ [IDEMPOTENCY_HEADER]: 'FIELD_INVALID' });
  return key;
}

export interface IdempotencyScope {
  userId: number;
  key: string | undefined;
  route: string;
  /** The parsed input; its canonical JSON decides "same request". */
  input: unknown;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });
}

export const STALE_CLAIM_MS = 120_000;

export interface IdempotentSteps<T> {
  /** Preconditions outside the money transaction (password, one-time code): run once per claim. */
  check?: () => Promise<void>;
  /** The money movement, inside the transaction that records the answer. */
  work: (tx: Transaction) => Promise<T>;
}

/** Runs `steps` at most once per (user, key). Without a key they simply run. */
export async function runIdempotent<T>(
  db: Database,
  clock: Clock,
  scope: IdempotencyScope,
  steps: IdempotentSteps<T> | ((tx: Transaction) => Promise<T>),
): Promise<T> {
  const { check, work } = typeof steps === 'function' ? { check: undefined, work: steps } : steps;
  const { key } = scope;
  if (!key) {
    await check?.();
    return db.transaction(work);
  }
  const requestHash = createHash('sha256')
    .update(`${scope.route}\n${canonical(scope.input)}`)
    .digest('hex');
  const mine = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, key));
  const earlier = await claim(db, clock, scope, key, requestHash);
  if (earlier) return replay<T>(earlier);

  try {
    await check?.();
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ outcome: { ok: true, result } satisfies Outcome })
        .where(mine);
      return result;
    });
  } catch (error) {
    if (error instanceof AppError) {
      await db
        .update(idempotencyKeys)
        .set({ outcome: { ok: false, key: error.key, fields: error.fields } satisfies Outcome })
        .where(mine);
    } else {
      await db.delete(idempotencyKeys).where(mine);
    }
    throw error;
  }
}

/** Claims the key; answers the earlier outcome when the same request already ran. */
async function claim(db: Database, clock: Clock, scope: IdempotencyScope, key: string, requestHash: string): Promise<Outcome | undefined> {
  const now = clock.now();
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: scope.userId, key, route: scope.route, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return undefined;
  const mine = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, key));
  const [first] = await db.select().from(idempotencyKeys).where(mine);
  if (!first || first.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
  if (first.outcome) return first.outcome as Outcome;
  if (now.getTime() - first.createdAt.getTime() < STALE_CLAIM_MS) throw new AppError('REQUEST_IN_PROGRESS');
  // The first attempt died before finishing: take its claim over (only one taker wins).
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(and(mine, eq(idempotencyKeys.createdAt, first.createdAt), isNull(idempotencyKeys.outcome)))
    .returning({ key: idempotencyKeys.key });
  if (taken.length === 0) throw new AppError('REQUEST_IN_PROGRESS');
  return undefined;
}

function replay<T>(outcome: Outcome): T {
  if (!outcome.ok) throw new AppError(outcome.key, outcome.fields);
  return outcome.result as T;
}
