import { FIGURE_QUARTER_SECONDS, isFigureQuarter } from '@prism/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { jsonValue, type Scalar } from '../../db/scalars';
import { lockTurnoverRows } from '../ledger';
// getUserInfo's bet figures: the user module, which shows them, declares their shape.
import type { BetFigures } from '../user';
import { betSettledAtSql, betStatusSql } from './outcome';

/**
 * The quarter hour (UTC) of the instant `at` in SQL, as domain/game/figures.ts's figureQuarter:
 * the key of a game_user_quarters row. place_bet (migration 0020, as replaced by 0021) writes the same expression.
 */
export function figureQuarterSql(at: SQL): SQL {
  return sql`date_bin(${sql.raw(`'${FIGURE_QUARTER_SECONDS} seconds'`)}, ${at}, timestamptz '2000-01-01 00:00:00+00')`;
}

/**
 * The stakes of a user's bets that were not refunded, in every coin (the level module's `bet`
 * figure) or in the CASH family only: the running totals place_bet keeps (game_user_totals), one
 * primary-key probe.
 */
export function stakedSql(userId: number, cashFamily: boolean): SQL {
  const column = sql.raw(cashFamily ? 'staked_cash' : 'staked_all');
  return sql`coalesce((select ${column} from game_user_totals where user_id = ${userId}), 0)`;
}

/** The user's stakes at their value in CASH (game_user_totals.staked_value): the level module's `bet` figure. */
export function stakedValueSql(userId: number): SQL {
  return sql`coalesce((select staked_value from game_user_totals where user_id = ${userId}), 0)`;
}

interface BetRow {
  placed: string;
  income: string;
  win: string;
  total: string;
}

/** A platform day's bounds as betFiguresScalar reads them: ISO instants, each on a quarter hour. */
export interface BetFigureDay {
  start: string;
  end: string;
}

/** The bounds of a platform day [start, end) for betFiguresScalar. */
export function betFigureDay(start: Date, end: Date): BetFigureDay {
  // Every platform day of every zone is whole quarters (domain test); a day that is not would be read wrong.
  if (!isFigureQuarter(start) || !isFigureQuarter(end)) throw new Error(`day bounds off the quarter hour: ${start.toISOString()}`);
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * The figures over [start, end) (a platform day), in the CASH family of coins, as one value of
 * getUserInfo's statement: the day's quarters of game_user_quarters (a range of the primary key:
 * at most 96 quarters, two rows per coin each, only those the player bet or was settled in), and the
 * running total. Written by place_bet (stake placed) and settlement (stake settled, payout) in
 * their own transactions, so they are exactly the sums over the bets (figureRowsSql; the tests
 * and the simulation compare them).
 */
export function betFiguresScalar(userId: number, day: BetFigureDay): Scalar<BetFigures> {
  return {
    sql: sql`select json_build_object(
        'placed', coalesce(sum(q.staked) filter (where not q.settled), 0)::text,
        'income', coalesce(sum(q.payout) filter (where q.settled), 0)::text,
        'win', coalesce(sum(q.payout - q.staked) filter (where q.settled), 0)::text,
        'total', (${stakedSql(userId, true)})::text)
      from game_user_quarters q
      where q.user_id = ${userId} and q.quarter >= ${day.start}::timestamptz and q.quarter < ${day.end}::timestamptz
        and q.coin <> 'USDT'`,
    read: (value) => {
      const row = jsonValue<BetRow>(value);
      return {
        todayBetAmount: BigInt(row.placed),
        todayBetIncome: BigInt(row.income),
        todayWin: BigInt(row.win),
        totalBetAmount: BigInt(row.total),
      };
    },
  };
}

/**
 * The figure rows as they must be, computed from the bets themselves (every bet of `users`, or
 * of everyone): columns kind ('quarter' or 'total'), user_id, quarter, settled, coin, staked, payout,
 * bets, won, staked_all, staked_value (the stakes' value in CASH at today's rates: a rebuild values them anew,
 * and the check leaves it out, since a rate may have changed since the bet). A bet's outcome is read as outcome.ts reads it; refunded bets count as the figures
 * define: the day's stake leaves out DRAW bets, the totals the bets of void sessions. Migration
 * 0020 filled the tables with the same sums; tests, the simulation's invariant and
 * rebuildBetFigures use this.
 */
export function figureRowsSql(users?: number[]): SQL {
  const only = users ? sql` and b.user_id = any(${`{${users.join(',')}}`}::bigint[])` : sql``;
  const status = betStatusSql('b', 's');
  const settledAt = betSettledAtSql('b', 's');
  return sql`(
    select 'quarter' as kind, b.user_id, ${figureQuarterSql(sql`b.created_at`)} as quarter, false as settled, b.coin,
           sum(b.total)::bigint as staked, 0::bigint as payout, count(*)::int as bets, 0 as won,
           null::bigint as staked_all, null::bigint as staked_value
      from game_bets b where b.status <> 'DRAW'${only} group by 2, 3, 5
    union all
    select 'quarter', b.user_id, ${figureQuarterSql(settledAt)}, true, b.coin, sum(b.total)::bigint, sum(b.payout)::bigint,
           count(*)::int, (count(*) filter (where ${status} = 'WIN'))::int, null, null
      from game_bets b join game_sessions s on s.id = b.session_id
     where ${status} in ('WIN', 'LOSE') and ${settledAt} is not null${only} group by 2, 3, 5
    union all
    select 'total', b.user_id, null, null, null, coalesce(sum(b.total) filter (where b.coin <> 'USDT'), 0)::bigint, 0, 0, 0,
           sum(b.total)::bigint, sum(prism_coin_value(b.coin, b.total, 'CASH'))::bigint
      from game_bets b join game_sessions s on s.id = b.session_id
     where s.status <> 'void'${only} group by 2)`;
}

/**
 * The rows of figureRowsSql that the tables do not hold as they are (a row missing, extra or
 * different), all or at most `limit`: empty when the tables equal the sums over the bets.
 */
export function figureMismatchesSql(users?: number[], limit?: number): SQL {
  const only = (column: SQL) => (users ? sql` where ${column} = any(${`{${users.join(',')}}`}::bigint[])` : sql``);
  return sql`with want as ${figureRowsSql(users)},
    have as (
      select 'quarter' as kind, user_id, quarter, settled, coin, staked, payout, bets, won, null::bigint as staked_all
        from game_user_quarters${only(sql`user_id`)}
      union all
      select 'total', user_id, null, null, null, staked_cash, 0, 0, 0, staked_all from game_user_totals${only(sql`user_id`)})
    select coalesce(w.kind, h.kind) as kind, coalesce(w.user_id, h.user_id) as user_id, coalesce(w.quarter, h.quarter) as quarter,
           coalesce(w.settled, h.settled) as settled, coalesce(w.coin, h.coin) as coin, w.staked::text as want_staked, h.staked::text as have_staked,
           w.payout::text as want_payout, h.payout::text as have_payout, w.staked_all::text as want_all, h.staked_all::text as have_all,
           w.bets as want_bets, h.bets as have_bets, w.won as want_won, h.won as have_won
      from want w full join have h
        on h.kind = w.kind and h.user_id = w.user_id and h.quarter is not distinct from w.quarter and h.settled is not distinct from w.settled
       and h.coin is not distinct from w.coin
     where w.kind is null or h.kind is null or w.staked <> h.staked or w.payout <> h.payout or w.staked_all is distinct from h.staked_all
        or w.bets <> h.bets or w.won <> h.won
     ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

/** A figure row that differs from its bets: what the bets say (want*) and what the table holds (have*), amounts in minor units. */
export interface FigureMismatch {
  kind: 'quarter' | 'total';
  userId: number;
  /** The quarter hour's start (ISO), for kind 'quarter'. */
  quarter: string | null;
  settled: boolean | null;
  coin: string | null;
  wantBets: number | null;
  haveBets: number | null;
  wantWon: number | null;
  haveWon: number | null;
  wantStaked: string | null;
  haveStaked: string | null;
  wantPayout: string | null;
  havePayout: string | null;
  wantAll: string | null;
  haveAll: string | null;
}

type MismatchRow = Record<
  'kind' | 'want_staked' | 'have_staked' | 'want_payout' | 'have_payout' | 'want_all' | 'have_all',
  string | null
> & {
  user_id: string | number | bigint;
  quarter: string | Date | null;
  settled: boolean | null;
  coin: string | null;
} & Record<'want_bets' | 'have_bets' | 'want_won' | 'have_won', number | null>;

/** The figure rows of `userId` (or of everyone: a read of every bet) that differ from their bets, at most 20. */
export async function checkBetFigures(db: Executor, userId?: number): Promise<FigureMismatch[]> {
  const rows = await queryRows<MismatchRow>(db, figureMismatchesSql(userId === undefined ? undefined : [userId], 20));
  return rows.map((row) => ({
    kind: row.kind === 'total' ? 'total' : 'quarter',
    userId: Number(row.user_id),
    quarter: row.quarter === null ? null : new Date(row.quarter).toISOString(),
    settled: row.settled,
    coin: row.coin,
    wantBets: row.want_bets,
    haveBets: row.have_bets,
    wantWon: row.want_won,
    haveWon: row.have_won,
    wantStaked: row.want_staked,
    haveStaked: row.have_staked,
    wantPayout: row.want_payout,
    havePayout: row.have_payout,
    wantAll: row.want_all,
    haveAll: row.have_all,
  }));
}

/**
 * Rewrites `users`' figure rows from their bets (figureRowsSql): for bets written by other paths
 * than place_bet and settlement (tests and benchmarks seed bets as rows). Not for a live system
 * while the users bet: repairBetFigures is.
 */
export async function rebuildBetFigures(db: Executor, users: number[]): Promise<void> {
  const ids = sql`${`{${users.join(',')}}`}::bigint[]`;
  await db.execute(sql`delete from game_user_quarters where user_id = any(${ids})`);
  await db.execute(sql`delete from game_user_totals where user_id = any(${ids})`);
  await db.execute(sql`insert into game_user_quarters (user_id, quarter, settled, coin, staked, payout, bets, won)
    select user_id, quarter, settled, coin, staked, payout, bets, won from ${figureRowsSql(users)} want where kind = 'quarter'`);
  await db.execute(sql`insert into game_user_totals (user_id, staked_cash, staked_all, staked_value)
    select user_id, staked, staked_all, staked_value from ${figureRowsSql(users)} want where kind = 'total'`);
}

/** How often repairBetFigures tries when a settlement writes one of the user's rows meanwhile. */
const REPAIR_ATTEMPTS = 3;

/**
 * Rewrites one user's figure rows from their bets on a live system (after processes of an older
 * version wrote bets without them: docs/operations.md), and answers what still differs (nothing).
 * In one transaction that first locks the user's turnover rows: a bet writes its turnover before
 * its figures, so bets in flight commit first (and are counted in the sums) and later ones wait,
 * then add onto the rewritten rows (without the lock, a bet between its two figure upserts could
 * deadlock with the rewrite and fail: figures.pg.test.ts). A settlement that inserts one of the
 * user's rows meanwhile makes an insert here fail on the primary key; the transaction then changes
 * nothing and is tried again.
 */
export async function repairBetFigures(db: Database, userId: number): Promise<FigureMismatch[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        await lockTurnoverRows(tx, userId);
        await rebuildBetFigures(tx, [userId]);
      });
      return checkBetFigures(db, userId);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === REPAIR_ATTEMPTS) throw error;
    }
  }
}

/** How many users one call of repairAllBetFigures rewrites (an operator's request stays short). */
export const REPAIR_BATCH = 100;

/**
 * Repairs (repairBetFigures) up to REPAIR_BATCH of the users whose figure rows differ from their
 * bets, found by one read of every bet, and answers who was repaired and how many such users are
 * left for the next call (each repair itself checks its user afterwards).
 */
export async function repairAllBetFigures(db: Database): Promise<{ repaired: number[]; remaining: number }> {
  const rows = await queryRows<{ user_id: string | number; users: number }>(
    db,
    sql`select user_id, (count(*) over ())::int as users
          from (select distinct user_id from (${figureMismatchesSql()}) m) u order by user_id limit ${REPAIR_BATCH}`,
  );
  const repaired = rows.map((row) => Number(row.user_id));
  for (const userId of repaired) await repairBetFigures(db, userId);
  return { repaired, remaining: (rows[0]?.users ?? 0) - repaired.length };
}
