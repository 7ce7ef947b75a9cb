import { AppError, type BetCoin, type BetName, DEFAULT_ODDS, type ErrorKey, type GameBetRecord, type Money } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, preparedStatement, sqlConstraint, sqlState } from '../../db/client';
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

type Answer = { ok: true; result: GameBetRecord } | { ok: false; key: ErrorKey; until?: string };

/** place_bet's call, its values in order (the statement's text is built once: db/client.ts). */
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
const placeBetStatement = preparedStatement<BetValues>(
  'place_bet',
  (v) => sql`select place_bet(${v[0]}::bigint, ${v[1]}::bigint, ${v[2]}::text, ${v[3]}::bigint,
    ${v[4]}::integer, ${v[5]}::bigint, ${v[6]}::text, ${v[7]}::text, ${v[8]}::integer,
    ${v[9]}::integer, ${v[10]}::timestamptz, ${v[11]}::text, ${v[12]}::text, ${v[13]}::text) as answer`,
  14,
);

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
 * On the database handle it runs as a prepared statement; in a transaction
 * (the idempotency slow path, tests) as an ordinary one.
 */
export async function placeBet(
  db: Executor,
  deps: { clock: Clock; betNumbers?: SequenceNumbers },
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
  let answer: Answer;
  try {
    const [row] = await placeBetStatement<{ answer: Answer }>(db, values);
    if (!row) throw new Error('place_bet answered no row');
    answer = row.answer;
  } catch (error) {
    // The key is recorded already (place_bet's plain INSERT of it failed the primary key;
    // sql/place_bet.sql): the statement changed nothing, the general idempotency path answers.
    if (record && sqlState(error) === '23505' && sqlConstraint(error) === KEY_PRIMARY_KEY) throw new KeyTaken();
    throw error;
  }
  if (answer.ok) return answer.result;
  if (answer.key === 'SELF_EXCLUDED') refuseIfExcluded(answer.until, now);
  throw new AppError(answer.key);
}
