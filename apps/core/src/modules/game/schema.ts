import { ASSETS, type BetStatus } from '@prism/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

const BET_STATUSES = ['PENDING', 'WIN', 'LOSE', 'DRAW'] as const satisfies readonly BetStatus[];

/** Rooms (levels) of the game: timing, bet lists, limits and odds (operator configuration). */
export const gameLevels = pgTable(
  'game_levels',
  {
    level: integer('level').primaryKey(),
    levelName: text('level_name').notNull(),
    enableFlag: boolean('enable_flag').notNull().default(true),
    sessionSeconds: integer('session_seconds').notNull(),
    betCloseSeconds: integer('bet_close_seconds').notNull(),
    /** Comma-separated minor units, e.g. "100,1000,10000". */
    betBaseAmounts: text('bet_base_amounts').notNull(),
    betMultiples: text('bet_multiples').notNull(),
    /**
     * The two lists as numbers, kept by PostgreSQL from the text (prism_room_list: the domain's
     * roomListEntries in SQL), so that place_bet compares a bet with arrays instead of splitting
     * and casting the text on every bet (docs/performance.md, "place_bet").
     */
    betBaseList: bigint('bet_base_list', { mode: 'bigint' }).array().notNull().generatedAlwaysAs(sql`prism_room_list(bet_base_amounts)`),
    betMultipleList: bigint('bet_multiple_list', { mode: 'bigint' })
      .array()
      .notNull()
      .generatedAlwaysAs(sql`prism_room_list(bet_multiples)`),
    chipMinLimit: bigint('chip_min_limit', { mode: 'bigint' }).notNull(),
    chipMaxLimit: bigint('chip_max_limit', { mode: 'bigint' }).notNull(),
    /** The most one user may stake in one session of this room. */
    betAmountMax: bigint('bet_amount_max', { mode: 'bigint' }).notNull(),
    odds: jsonb('odds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('game_levels_timing', sql`${t.sessionSeconds} > 0 and ${t.betCloseSeconds} > 0`),
    check('game_levels_limits', sql`${t.chipMinLimit} >= 0 and ${t.chipMaxLimit} >= 0 and ${t.betAmountMax} >= 0`),
  ],
);

/**
 * A SHA-256 seed chain (docs/fairness.md). The anchor x(N) is public;
 * the origin x(0) is secret and stored encrypted with a key from the server secret.
 */
export const gameChains = pgTable(
  'game_chains',
  {
    id: serial('id').primaryKey(),
    level: integer('level').notNull(),
    anchor: text('anchor').notNull(),
    length: integer('length').notNull(),
    /** Sessions that have taken a seed from this chain. */
    used: integer('used').notNull().default(0),
    originSealed: text('origin_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_chains_level_idx').on(t.level, t.id)],
);

/**
 * Sessions. open -> drawn (seed revealed, beacon read, result computed) ->
 * settled (bets paid), however late the beacon round is published. void (every
 * stake refunded, DRAW) remains only on sessions voided by earlier versions when
 * their beacon was late; nothing voids a session now (docs/fairness.md).
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    level: integer('level').notNull(),
    periodId: text('period_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    betEndAt: timestamp('bet_end_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    chainId: integer('chain_id').notNull(),
    /** This session takes seed x(length - chainIndex). */
    chainIndex: integer('chain_index').notNull(),
    /** Shown while open: SHA-256 of the seed to come (the previous session's seed, or the anchor). */
    commitment: text('commitment').notNull(),
    /** The seed, sealed until the draw reveals it into `seed`. */
    seedSealed: text('seed_sealed').notNull(),
    seed: text('seed'),
    beaconName: text('beacon_name').notNull(),
    beaconRound: bigint('beacon_round', { mode: 'number' }).notNull(),
    beaconValue: text('beacon_value'),
    beaconSignature: text('beacon_signature'),
    result: smallint('result'),
    status: text('status').notNull(),
    voidReason: text('void_reason'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('game_sessions_period_key').on(t.periodId),
    index('game_sessions_due_idx').on(t.status, t.endAt),
    index('game_sessions_level_idx').on(t.level, t.endAt),
    /** The rebate job finds a day's settled sessions, then their bets (modules/team/job.ts). */
    index('game_sessions_settled_idx').on(t.settledAt),
    uniqueIndex('game_sessions_chain_key').on(t.chainId, t.chainIndex),
  ],
);

/**
 * Bets: PENDING as placed; settlement writes the winners WIN (with payout and settled_at) and
 * leaves the losers' rows as placed, so a PENDING bet of a settled session lost (read a bet's
 * status and settled time through outcome.ts, never from the row alone); DRAW in a (legacy) void
 * session. Rows settled before that rule say LOSE, and read the same.
 */
export const gameBets = pgTable(
  'game_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    level: integer('level').notNull(),
    periodId: text('period_id').notNull(),
    betName: text('bet_name').notNull(),
    baseAmount: bigint('base_amount', { mode: 'bigint' }).notNull(),
    multiples: integer('multiples').notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    coin: text('coin').notNull(),
    status: text('status').notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    // No index names a column that settlement writes (status, payout, settled_at), not even in a
    // predicate: settlement then updates the winners' rows in place (HOT, with the table's
    // fillfactor of 50, migration 0015) and writes no index entry (docs/performance.md).
    index('game_bets_session_idx').on(t.sessionId),
    index('game_bets_user_idx').on(t.userId, t.id),
    /**
     * Team statistics sum a user's valid turnover from the index alone (modules/team/sql.ts): a
     * bet is valid when its session is settled, which the session id tells without the row. The
     * session id comes second so that the same index finds a user's bets in one session or from
     * one session on (void sessions' stakes, the per-session cap's migration) without an index of
     * its own. getUserInfo reads game_user_quarters and game_user_totals instead (figures.ts).
     */
    index('game_bets_user_turnover_idx').on(t.userId, t.sessionId, t.coin, t.total),
    check('game_bets_total_positive', sql`${t.total} > 0 and ${t.baseAmount} > 0 and ${t.multiples} > 0`),
    check('game_bets_fee', sql`${t.fee} >= 0 and ${t.fee} <= ${t.total}`),
    check('game_bets_payout_not_negative', sql`${t.payout} >= 0`),
    check('game_bets_status', oneOf(t.status, BET_STATUSES)),
    check('game_bets_coin', oneOf(t.coin, ASSETS)),
  ],
);

/**
 * What each user has staked in each session, kept by place_bet: the per-session cap is checked
 * against one row instead of summing the user's bets (a cost that grew with every bet), and the
 * row's lock is the per-user-per-session lock that keeps the cap from being raced. Updated in
 * place (no index names `staked`).
 */
export const gameSessionStakes = pgTable(
  'game_session_stakes',
  {
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    staked: bigint('staked', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

/**
 * A player's betting figures per quarter hour of UTC (domain/game/figures.ts: any platform day is
 * whole quarters, whatever PLATFORM_TIME_ZONE is or was) and coin. Two rows per user, quarter and
 * coin at most, so that a bet never waits on settlement's rows and settlement never waits on a bet's:
 * - settled = false, written by place_bet in the bet's transaction: `staked` placed in the quarter;
 * - settled = true, written by settlement (one row per player per session, added in): `staked` of
 *   the bets settled in the quarter, won or lost, and their `payout`.
 * getUserInfo's day is the sum of its quarters' CASH-family rows (game/figures.ts); refunded (DRAW)
 * bets of legacy void sessions are in none. Updated in place (no index names the sums).
 * Per coin (every coin, USDT too) and with the bets' count (placed, or settled) and the winners'
 * count, so that My play (protection, docs/protection.md) is one range read of these rows: the
 * columns ride in the upserts place_bet and settlement already run, no statement added.
 */
export const gameUserQuarters = pgTable(
  'game_user_quarters',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quarter: timestamp('quarter', { withTimezone: true }).notNull(),
    settled: boolean('settled').notNull(),
    coin: text('coin').notNull(),
    staked: bigint('staked', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Bets placed (settled = false) or settled (settled = true) in the quarter. */
    bets: integer('bets').notNull().default(0),
    /** Of the bets settled in the quarter, the winners (always 0 on a settled = false row). */
    won: integer('won').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.quarter, t.settled, t.coin] }),
    check('game_user_quarters_sums', sql`${t.staked} >= 0 and ${t.payout} >= 0 and (${t.settled} or ${t.payout} = 0)`),
    check('game_user_quarters_counts', sql`${t.bets} >= 0 and ${t.won} >= 0 and ${t.won} <= ${t.bets} and (${t.settled} or ${t.won} = 0)`),
    check('game_user_quarters_coin', oneOf(t.coin, ASSETS)),
  ],
);

/**
 * A player's running totals of stakes not refunded, written by place_bet in the bet's transaction:
 * in the CASH family (getUserInfo's totalBetAmount), in every coin at face value, and in every
 * coin at its value in CASH (the level module's `bet` figure). Nothing refunds a bet now (void sessions are legacy, counted out when the table was
 * filled). Updated in place.
 */
export const gameUserTotals = pgTable(
  'game_user_totals',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    stakedCash: bigint('staked_cash', { mode: 'bigint' }).notNull(),
    stakedAll: bigint('staked_all', { mode: 'bigint' }).notNull(),
    /**
     * Every stake at its value in CASH by the platform's rates at the bet (prism_coin_value): the
     * level module's `bet` figure, so 100 POINT (0.01 CHIP each) count 1 CASH toward a task, not 100.
     */
    stakedValue: bigint('staked_value', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [check('game_user_totals_sums', sql`${t.stakedCash} >= 0 and ${t.stakedAll} >= ${t.stakedCash}`)],
);
