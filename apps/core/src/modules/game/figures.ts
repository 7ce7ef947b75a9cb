import { type SQL, sql } from 'drizzle-orm';
import { jsonValue, type Scalar } from '../../db/scalars';
import { betSettledAtSql, betStatusSql } from './outcome';

/** A user's betting figures for getUserInfo (specification point 3). */
export interface BetFigures {
  /** Staked on bets placed in the day. */
  todayBetAmount: bigint;
  /** Paid out on bets settled in the day. */
  todayBetIncome: bigint;
  /** Payouts less stakes of bets settled in the day (negative when the day lost). */
  todayWin: bigint;
  /** Staked on every valid (settled or still open, not refunded) bet. */
  totalBetAmount: bigint;
}

/**
 * The stakes of a user's bets that were not refunded, in every coin (the level module's `bet`
 * figure) or in the CASH family only (USDT moves at another value; see team/sql.ts). All stakes
 * from the index alone (game_bets_user_turnover_idx), less those of void sessions: a refunded
 * (DRAW) bet is one of a void session, and void sessions are few (legacy ones only), so each is
 * probed for the user's bets (game_bets_user_turnover_idx, whose second column is the session) rather than joined to all of them.
 */
export function stakedSql(userId: number, cashFamily: boolean): SQL {
  const coin = cashFamily ? sql` and b.coin <> 'USDT'` : sql``;
  return sql`(select coalesce(sum(b.total), 0) from game_bets b where b.user_id = ${userId}${coin})
    - (select coalesce(sum((select sum(b.total) from game_bets b where b.user_id = ${userId} and b.session_id = s.id${coin})), 0)
       from game_sessions s where s.status = 'void')`;
}

/**
 * The lowest session id that can hold a bet placed or settled in [start, end), so that only the
 * user's bets from there on are read from the table (game_bets_user_turnover_idx, whose second column is the session), not all of them:
 * - placed: a bet is placed while its session takes bets (start_at <= created_at < bet_end_at),
 *   so its session ends after `start`. In each room sessions are created one after another as
 *   their windows come, so the room's first session ending after `start` has the lowest id of
 *   them (one index probe per room on game_sessions_level_idx; the rooms are found on the same
 *   index, one probe each, so a room is counted whether or not it is still configured);
 * - settled: a bet is settled with its session at one time (settle.ts), so its session was
 *   settled in the day (game_sessions_settled_idx; `offset 0` keeps the planner from walking the
 *   primary key from the oldest session instead).
 */
function firstSessionSql(start: SQL, end: SQL): SQL {
  return sql`least(
    (with recursive rooms(level) as (
       (select level from game_sessions order by level limit 1)
       union all
       select (select s.level from game_sessions s where s.level > r.level order by s.level limit 1) from rooms r where r.level is not null)
     select min(f.id) from rooms
       cross join lateral (select s.id from game_sessions s where s.level = rooms.level and s.end_at > ${start} order by s.end_at limit 1) f),
    (select min(d.id) from (select s.id from game_sessions s where s.settled_at >= ${start} and s.settled_at < ${end} offset 0) d))`;
}

interface BetRow {
  placed: string;
  income: string;
  win: string;
  total: string;
}

/**
 * The figures over [start, end) (a platform day), in the CASH family of coins, as one value of
 * getUserInfo's statement: the total from the index alone, the day's figures from the rows of
 * the day's sessions only.
 */
export function betFiguresScalar(userId: number, start: Date, end: Date): Scalar<BetFigures> {
  const from = sql`${start.toISOString()}::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  // A losing bet's row says PENDING; its session says it lost, and when (outcome.ts).
  const status = betStatusSql('b', 's');
  const settledAt = betSettledAtSql('b', 's');
  const settledToday = sql`${status} in ('WIN', 'LOSE') and ${settledAt} >= ${from} and ${settledAt} < ${to}`;
  return {
    sql: sql`select json_build_object(
        'placed', coalesce(sum(b.total) filter (where b.created_at >= ${from} and b.created_at < ${to} and b.status <> 'DRAW'), 0)::text,
        'income', coalesce(sum(b.payout) filter (where ${settledToday}), 0)::text,
        'win', coalesce(sum(b.payout - b.total) filter (where ${settledToday}), 0)::text,
        'total', (${stakedSql(userId, true)})::text)
      from game_bets b join game_sessions s on s.id = b.session_id
      where b.user_id = ${userId} and b.coin <> 'USDT' and b.session_id >= ${firstSessionSql(from, to)}`,
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
