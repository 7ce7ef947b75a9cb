import type { ErrorKey, MessageParams, ValidationKey } from '@prism/domain';
import { AppError } from '@prism/domain';
import type { Request } from 'express';
import type { Database, Transaction } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { sha256Hex } from '../../platform/hash';
import { type Claim, claimKey, holdClaim, type KeyRecord, KeyTaken, outcomeOf, recordOutcome, releaseClaim } from './store';

export { STALE_CLAIM_MS } from './store';

/**
 * Idempotency-Key on money-moving POSTs (docs/api.md, "Protocol"). A request first claims its
 * key; its checks run; then the money moves and the answer is recorded in ONE
 * transaction, so a retry can never move money twice:
 * - same key, same request: the first answer again, nothing moved;
 * - same key, different request: IDEMPOTENCY_CONFLICT;
 * - a duplicate while the first is still running: REQUEST_IN_PROGRESS;
 * - a business error is an answer too; an unexpected failure releases the key.
 * A claim left behind by a crashed process is taken over after STALE_CLAIM_MS.
 * Claims are fenced (store.ts): an attempt whose claim was
 * taken over while it was slow moves no money and answers what the taker
 * answered (or REQUEST_IN_PROGRESS while the taker still runs).
 */
type Outcome =
  | { ok: true; result: unknown }
  /** `params`: what the message says (e.g. the deposit limit's remaining amount); a replay says it again. */
  | { ok: false; key: ErrorKey; fields: Partial<Record<string, ValidationKey>>; params?: MessageParams };

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

/** The stored request hash is over this text: its form may never change (a retry after an upgrade must still match). */
export function canonical(value: unknown): string {
  return flatCanonical(value) ?? canonicalJson(value);
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });
}

/**
 * canonicalJson's text for the usual input, a plain object of strings, numbers, booleans and
 * bigints (a bet's form), written directly: JSON.stringify with a replacer called per key, and
 * the sorted copy, were about 1 % of a bet's Node CPU. Anything else: undefined (the general form).
 */
const INDEX_KEY = /^(0|[1-9]\d{0,9})$/;

/** A flat value's JSON (a bigint as its decimal string); undefined for anything nested. */
function flatJsonOf(v: unknown): string | undefined {
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v);
  if (typeof v === 'bigint') return JSON.stringify(v.toString());
  if (v === null) return 'null';
  return undefined;
}

function flatCanonical(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const keys = Object.keys(value);
  // An object lists integer-like keys first in numeric order, whatever the sort put them in, so the
  // general form's order differs for them: leave such (unusual) inputs to it.
  if (keys.some((key) => INDEX_KEY.test(key))) return undefined;
  keys.sort((a, b) => a.localeCompare(b));
  let text = '';
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    const json = flatJsonOf(v);
    if (json === undefined) return undefined;
    text += `${text ? ',' : ''}${JSON.stringify(key)}:${json}`;
  }
  return `{${text}}`;
}

export interface IdempotentSteps<T> {
  /** Preconditions outside the money transaction (password, one-time code): run once per claim. */
  check?: () => Promise<void>;
  /** The money movement, inside the transaction that records the answer. */
  work: (tx: Transaction) => Promise<T>;
}

/** Thrown inside the money transaction when the claim was taken over: rolls it back before anything moved. */
class ClaimLost extends Error {}

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
  const requestHash = requestHashOf(scope);
  const claimed = await claimKey(db, { userId: scope.userId, key, route: scope.route, requestHash }, clock.now());
  if (claimed.kind === 'conflict') throw new AppError('IDEMPOTENCY_CONFLICT');
  if (claimed.kind === 'busy') throw new AppError('REQUEST_IN_PROGRESS');
  if (claimed.kind === 'done') return replay<T>(claimed.outcome as Outcome);
  return runClaimed(db, claimed.claim, check, work);
}

function requestHashOf(scope: IdempotencyScope): string {
  return sha256Hex(`${scope.route}\n${canonical(scope.input)}`);
}

/**
 * runIdempotent for an operation that is one statement and records its own
 * answer under the key (the bet): a key's first use costs that one statement
 * (no claim, no second write). When the key is there already (`once` throws
 * KeyTaken, having changed nothing), the general path answers: a replay,
 * IDEMPOTENCY_CONFLICT, REQUEST_IN_PROGRESS, or a stale claim taken over, whose
 * work is `once` without a record inside the claim's transaction.
 */
export async function runRecorded<T>(
  db: Database,
  clock: Clock,
  scope: IdempotencyScope,
  once: (executor: Database | Transaction, record?: KeyRecord) => Promise<T>,
): Promise<T> {
  if (!scope.key) return once(db);
  try {
    return await once(db, { key: scope.key, route: scope.route, requestHash: requestHashOf(scope) });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
  }
  return runIdempotent(db, clock, scope, (tx) => once(tx));
}

/**
 * runIdempotent for an operation that runs its own transactions and is idempotent by itself
 * under the key (the simulated deposit names its chain transaction after it, so a retry credits
 * once): the store still answers a replay with the first answer, a different request under the
 * key with IDEMPOTENCY_CONFLICT and a duplicate in flight with REQUEST_IN_PROGRESS.
 */
export async function runSelfIdempotent<T>(db: Database, clock: Clock, scope: IdempotencyScope, action: () => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  return runIdempotent(db, clock, scope, {
    check: async () => {
      result = { value: await action() };
    },
    work: async () => {
      if (!result) throw new Error('runSelfIdempotent: the action did not run');
      return result.value;
    },
  });
}

async function runClaimed<T>(
  db: Database,
  claim: Claim,
  check: (() => Promise<void>) | undefined,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    await check?.();
    return await db.transaction(async (tx) => {
      if (!(await holdClaim(tx, claim))) throw new ClaimLost();
      const result = await work(tx);
      await recordOutcome(tx, claim, { ok: true, result } satisfies Outcome);
      return result;
    });
  } catch (error) {
    if (error instanceof ClaimLost) return answerOfTaker<T>(db, claim);
    if (error instanceof AppError) {
      const outcome = { ok: false, key: error.key, fields: error.fields, params: error.params } satisfies Outcome;
      const recorded = await recordOutcome(db, claim, outcome);
      // Refused after our claim was taken over: the taker's answer is the one that counts.
      if (!recorded) return answerOfTaker<T>(db, claim);
    } else {
      await releaseClaim(db, claim);
    }
    throw error;
  }
}

/** A fenced-off attempt answers as the attempt that took its claim over did, once that one has answered. */
async function answerOfTaker<T>(db: Database, claim: Claim): Promise<T> {
  const outcome = await outcomeOf(db, claim);
  if (outcome === undefined) throw new AppError('REQUEST_IN_PROGRESS');
  return replay<T>(outcome as Outcome);
}

function replay<T>(outcome: Outcome): T {
  if (!outcome.ok) throw new AppError(outcome.key, outcome.fields, outcome.params);
  return outcome.result as T;
}
