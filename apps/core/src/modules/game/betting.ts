import { AppError, type BetCoin, type BetName, DEFAULT_ODDS, type ErrorKey, type GameBetRecord, type Money } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Batcher, type BatchOptions, createBatcher, statementUndone } from '../../db/batcher';
import { type Database, type Executor, poolOf, preparedStatement, sqlConstraint, sqlState } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { numberCode, type SequenceNumbers, sequenceNumbers } from '../../platform/sequenceNumbers';
import { type KeyRecord, KeyTaken } from '../idempotency';
import { shardFor } from '../ledger';
import { refuseIfExcluded } from '../protection';
import type { gameBets } from './schema';

export interface BetInput {
  gameSessionId: number;
  betName: BetName;
  baseAmount: Money;
  betMultiples: number;
  totalBetAmount: Money;
  coin: BetCoin;
}

export type BetRow = typeof gameBets.$inferSelect;

/** place_bet's answer; `taken`: the Idempotency-Key is recorded already, nothing was placed (KeyTaken). */
type Answer = { ok: true; result: GameBetRecord } | { ok: false; key: ErrorKey; until?: string } | { ok: false; taken: true };

/** One bet's values, in place_bet's order. */
type BetValues = readonly [
  userId: number,
  sessionId: number,
  betName: string,
  baseAmount: Money,
  multiples: number,
  total: Money,
  coin: string,
  suffix: string,
  shard: number,
  feeBps: number,
  now: string,
  key: string | null,
  route: string | null,
  requestHash: string | null,
];
/** place_bets' values: each of place_bet's as an array, one element a bet, except the batch's one session, shard (its first bet's) and fee. */
type BatchValues = readonly [
  userIds: number[],
  sessionId: number,
  betNames: string[],
  baseAmounts: Money[],
  multiples: number[],
  totals: Money[],
  coins: string[],
  suffixes: string[],
  shard: number,
  feeBps: number,
  nows: string[],
  keys: (string | null)[],
  routes: (string | null)[],
  requestHashes: (string | null)[],
];
const placeBetStatement = preparedStatement<BetValues>(
  'place_bet',
  (v) => sql`select place_bet(${v[0]}::bigint, ${v[1]}::bigint, ${v[2]}::text, ${v[3]}::bigint,
    ${v[4]}::integer, ${v[5]}::bigint, ${v[6]}::text, ${v[7]}::text, ${v[8]}::integer,
    ${v[9]}::integer, ${v[10]}::timestamptz, ${v[11]}::text, ${v[12]}::text, ${v[13]}::text) as answer`,
  14,
);
// Each array is one parameter (sql.param: Drizzle would spread a bare array into a list); the text is built once (db/client.ts).
const placeBetsStatement = preparedStatement<BatchValues>(
  'place_bets',
  (v) => sql`select place_bets(${sql.param(v[0])}::bigint[], ${v[1]}::bigint, ${sql.param(v[2])}::text[],
    ${sql.param(v[3])}::bigint[], ${sql.param(v[4])}::integer[], ${sql.param(v[5])}::bigint[], ${sql.param(v[6])}::text[],
    ${sql.param(v[7])}::text[], ${v[8]}::integer, ${v[9]}::integer, ${sql.param(v[10])}::timestamptz[],
    ${sql.param(v[11])}::text[], ${sql.param(v[12])}::text[], ${sql.param(v[13])}::text[]) as answer`,
  14,
);

function batchValues(bets: readonly BetValues[]): BatchValues {
  const column = <I extends number>(i: I) => bets.map((bet) => bet[i]);
  const first = bets[0] as BetValues;
  return [
    column(0),
    first[1],
    column(2),
    column(3),
    column(4),
    column(5),
    column(6),
    column(7),
    first[8],
    first[9],
    column(10),
    column(11),
    column(12),
    column(13),
  ];
}

/** idempotency_keys' primary key (user_id, key): its violation by place_bet means the key is taken. */
const KEY_PRIMARY_KEY = 'idempotency_keys_user_id_key_pk';

const ORDER_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Bet numbers for callers that bring none (tests); the app keeps its own (routes.ts). */
const defaultBetNumbers = sequenceNumbers('bet_numbers');

/**
 * Places a bet in ONE statement, the database function place_bet (its one readable copy:
 * sql/place_bet.sql; its rules as pure functions: @prism/domain's betRules): the session must be open and before its cut-off
 * ('Error Session'), base and multiples from the room's lists, total = base x
 * multiples, within the room's limits and the per-session cap, the player not
 * self-excluded; the stake moves to the house (a conditional debit: never below
 * zero), the bet row and its turnover (CHIP, GOLD and POINT toward CASH) are
 * written, and with `record` the Idempotency-Key's answer too. One round trip,
 * one transaction, nothing read back: the function answers the wire bet.
 *
 * The session row is read FOR SHARE: the draw's UPDATE of the row waits for the
 * bet (and its settlement then sees it), or the bet waits for the draw and
 * finds the session no longer open (betRace.pg.test.ts). Bets do not block
 * each other; one user's bets in a session queue on that user's stake row
 * (game_session_stakes), so the cap holds.
 * On the database handle it runs as a prepared statement, or with `batcher` together with the
 * bets that arrived while the pool was busy (one call of place_bets, db/batcher.ts); in a
 * transaction (the idempotency slow path, tests) as an ordinary one. Alone or together, a bet takes
 * its session's lock, then its accounts', then its own rows' (the settlement's order too).
 */
export async function placeBet(
  db: Executor,
  deps: { clock: Clock; betNumbers?: SequenceNumbers; batcher?: Batcher<BetValues, Answer> | undefined },
  userId: number,
  input: BetInput,
  record?: KeyRecord,
): Promise<GameBetRecord> {
  const now = deps.clock.now();
  // 'B' + period + 8 characters from a unique number: unique by construction (random characters
  // collided about once per 200,000-bet session, a 500 on the order number's unique index).
  const suffix = numberCode(await (deps.betNumbers ?? defaultBetNumbers).next(db), ORDER_ALPHABET, 8);
  const values = [
    userId,
    input.gameSessionId,
    input.betName,
    input.baseAmount,
    input.betMultiples,
    input.totalBetAmount,
    input.coin,
    suffix,
    shardFor(suffix),
    DEFAULT_ODDS.feeBps,
    now.toISOString(),
    record?.key ?? null,
    record?.route ?? null,
    record?.requestHash ?? null,
  ] as const;
  const answer = deps.batcher && poolOf(db) === deps.batcher.pool ? await deps.batcher.run(values) : await placeAlone(db, values);
  if (answer.ok) return answer.result;
  if ('taken' in answer) throw new KeyTaken();
  if (answer.key === 'SELF_EXCLUDED') refuseIfExcluded(answer.until, now);
  throw new AppError(answer.key);
}

/**
 * Several bets of one session in one statement, place_bets (drizzle/0045_place_bets.sql): each is
 * place_bet, with its own answer, after the batch has locked the session and every ledger account
 * they touch in id order (the order a lone bet takes its locks in).
 */
async function placeBets(db: Executor, bets: readonly BetValues[]): Promise<Answer[]> {
  const [row] = await placeBetsStatement<{ answer: Answer[] }>(db, batchValues(bets));
  if (!row || row.answer.length !== bets.length) throw new Error(`place_bets answered ${row?.answer.length ?? 0} of ${bets.length} bets`);
  return row.answer;
}

/** One bet in its own statement, place_bet (on the pool a prepared one); a key recorded already answers `taken`. */
async function placeAlone(db: Executor, values: BetValues): Promise<Answer> {
  try {
    const [row] = await placeBetStatement<{ answer: Answer }>(db, values);
    if (!row) throw new Error('place_bet answered no row');
    return row.answer;
  } catch (error) {
    // The key is recorded already (place_bet's plain INSERT of it failed the primary key;
    // sql/place_bet.sql): the statement changed nothing, the general idempotency path answers.
    if (values[11] !== null && sqlState(error) === '23505' && sqlConstraint(error) === KEY_PRIMARY_KEY) return { ok: false, taken: true };
    throw error;
  }
}

/**
 * The bet batcher of a database on the PostgreSQL pool (db/batcher.ts); none on PGlite, whose one
 * connection runs one statement at a time anyway.
 */
export function betBatcherOf(
  db: Database,
  options: Pick<BatchOptions<BetValues, Answer>, 'inFlight' | 'maxBatch' | 'onBatch'> = {},
): Batcher<BetValues, Answer> | undefined {
  const pool = poolOf(db);
  if (!pool) return undefined;
  return createBatcher<BetValues, Answer>({
    ...options,
    pool,
    // One session a batch (place_bets locks it first, as a lone bet does).
    groupOf: (values) => values[1],
    one: (values) => placeAlone(db, values),
    many: (bets) => placeBets(db, bets),
    // A refused batch changed nothing, so each bet is placed again alone; a lost connection may have
    // committed it, so those bets fail (their Idempotency-Key finds or places them on retry).
    retryAlone: statementUndone,
  });
}
