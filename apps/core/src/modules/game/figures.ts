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
 * Sessions not yet settled: open, or drawn and waiting for settlement (one or two per room, found
 * on game_sessions_due_idx). All their bets are PENDING (settlement turns a session and its bets
 * in one statement), and what a user staked in one of them is one game_session_stakes row, kept
 * by place_bet in the bet's own transaction. That row is read instead of the user's bets there:
 * in an open session a player can have placed hundreds of bets that are not yet all-visible, so
 * even the index-only sums fetched every one of them from the table.
 */
const UNSETTLED = sql`select id, start_at, bet_end_at from game_sessions where status in ('open', 'drawn')`;

/**
 * The id ranges between the unsettled sessions, (lo, hi) exclusive, covering every other session:
 * the user's bets there are read from game_bets_user_turnover_idx range by range (one descent
 * each), skipping the unsettled sessions' entries.
 */
const SETTLED_RANGES = sql`(select coalesce(lag(u.id) over (order by u.id), 0) as lo, u.id as hi
    from (select id from (${UNSETTLED}) o union all select 9223372036854775807) u)`;

/**
 * What the user staked in one unsettled session `s` (a row of UNSETTLED), in every coin or in the
 * CASH family only. The stakes row counts every coin (the cap does), so the USDT stakes are taken
 * off it, read from the index with the coin as an index condition (only USDT entries are visited).
 * Without a stakes row (bets written by another path, as tests seed them) the bets are summed.
 */
function unsettledStakeSql(userId: number, cashFamily: boolean): SQL {
  const coin = cashFamily ? sql` and b.coin <> 'USDT'` : sql``;
  const usdt = cashFamily
    ? sql` - coalesce((select sum(b.total) from game_bets b where b.user_id = ${userId} and b.session_id = s.id and b.coin = 'USDT'), 0)`
    : sql``;
  return sql`coalesce(
      (select st.staked${usdt} from game_session_stakes st where st.session_id = s.id and st.user_id = ${userId}),
      (select sum(b.total) from game_bets b where b.user_id = ${userId} and b.session_id = s.id${coin}), 0)`;
}

/**
 * The stakes of a user's bets that were not refunded, in every coin (the level module's `bet`
 * figure) or in the CASH family only (USDT moves at another value; see team/sql.ts). Settled
 * sessions' stakes from the index alone (game_bets_user_turnover_idx), less those of void
 * sessions: a refunded (DRAW) bet is one of a void session, and void sessions are few (legacy
 * ones only), so each is probed for the user's bets (the index's second column is the session)
 * rather than joined to all of them. Unsettled sessions' stakes from their stakes rows.
 */
export function stakedSql(userId: number, cashFamily: boolean): SQL {
  const coin = cashFamily ? sql` and b.coin <> 'USDT'` : sql``;
  return sql`(select coalesce(sum((select sum(b.total) from game_bets b
         where b.user_id = ${userId} and b.session_id > r.lo and b.session_id < r.hi${coin})), 0) from ${SETTLED_RANGES} r)
    + (select coalesce(sum(${unsettledStakeSql(userId, cashFamily)}), 0) from (${UNSETTLED}) s)
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
 * getUserInfo's statement: the total from the index and the stakes rows (stakedSql), the day's
 * figures from the rows of the day's settled (or void) sessions only, and the day's stakes in
 * unsettled sessions from their stakes rows. An unsettled session has no settled bet (no income,
 * no win); its bets were placed within its betting window (place_bet checks start_at <= now <
 * bet_end_at and writes now as created_at), so when the window lies inside the day they all
 * count, when it lies outside none does, and only a window across the day's bounds (a session
 * open over midnight) has its bets read by their time.
 */
export function betFiguresScalar(userId: number, start: Date, end: Date): Scalar<BetFigures> {
  const from = sql`${start.toISOString()}::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  // A losing bet's row says PENDING; its session says it lost, and when (outcome.ts).
  const status = betStatusSql('b', 's');
  const settledAt = betSettledAtSql('b', 's');
  const settledToday = sql`${status} in ('WIN', 'LOSE') and ${settledAt} >= ${from} and ${settledAt} < ${to}`;
  const unsettledPlaced = sql`(select coalesce(sum(case
        when s.start_at >= ${from} and s.bet_end_at <= ${to} then ${unsettledStakeSql(userId, true)}
        when s.bet_end_at <= ${from} or s.start_at >= ${to} then 0
        else (select coalesce(sum(b.total), 0) from game_bets b where b.user_id = ${userId} and b.session_id = s.id
                and b.coin <> 'USDT' and b.created_at >= ${from} and b.created_at < ${to}) end), 0)
      from (${UNSETTLED}) s)`;
  return {
    sql: sql`select json_build_object(
        'placed', (coalesce(sum(d.placed), 0) + ${unsettledPlaced})::text,
        'income', coalesce(sum(d.income), 0)::text,
        'win', coalesce(sum(d.win), 0)::text,
        'total', (${stakedSql(userId, true)})::text)
      from (select ${firstSessionSql(from, to)} as id) f
      cross join ${SETTLED_RANGES} r
      cross join lateral (select
          sum(b.total) filter (where b.created_at >= ${from} and b.created_at < ${to} and b.status <> 'DRAW') as placed,
          sum(b.payout) filter (where ${settledToday}) as income,
          sum(b.payout - b.total) filter (where ${settledToday}) as win
        from game_bets b join game_sessions s on s.id = b.session_id
        where b.user_id = ${userId} and b.coin <> 'USDT' and b.session_id >= f.id and b.session_id > r.lo and b.session_id < r.hi) d`,
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
