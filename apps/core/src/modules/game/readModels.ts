import { type SQL, sql } from 'drizzle-orm';

/**
 * What other modules read of the bets, as SQL fragments that name the game's tables (only this
 * module does), so a statistic or a job that was one statement stays one (the team's rebate job and
 * statistics, docs/performance.md).
 */

/**
 * Valid bets are settled ones (won or lost); a refunded (DRAW) stake is no turnover. They are
 * told by their session alone, so that an index without `status` answers it
 * (game_bets_user_turnover_idx), and because a losing bet's row keeps saying PENDING after its
 * session settled (outcome.ts): every bet of a settled session is valid, of an open or
 * drawn one pending, of a void one DRAW. Those sessions are few: the open and drawn ones of each
 * room, and legacy voids.
 */
const inSettledSession = (column: SQL) =>
  sql`not (${column} = any (array(select id from game_sessions where status in ('open', 'drawn', 'void'))))`;

/**
 * Per user and coin, the stakes of the sessions settled in [from, to): the day's settled sessions
 * first (their index), then their bets (by session). Every bet of a settled session is valid
 * turnover (won or lost; a losing bet's row still says PENDING, see outcome.ts); refunded (DRAW)
 * bets are those of void sessions, never settled ones. Columns: user_id, asset, amount.
 */
export const settledStakesBetween = (from: SQL, to: SQL): SQL =>
  sql`select user_id, coin as asset, sum(total) as amount from game_bets
               where session_id in (select id from game_sessions where status = 'settled' and settled_at >= ${from} and settled_at < ${to})
               group by user_id, coin`;

/**
 * Per user, the stakes of valid bets (in settled sessions) of the users `among` selects (a subquery
 * of ids), in the coins `coins` keeps (given the bet's coin column). Columns: user_id, amount.
 */
export const validStakesPerUser = (among: SQL, coins: (column: SQL) => SQL): SQL =>
  sql`select b.user_id, sum(b.total) as amount from game_bets b
      where b.user_id in (${among}) and ${inSettledSession(sql`b.session_id`)} and ${coins(sql`b.coin`)} group by b.user_id`;

/**
 * The room (level) of a game transfer, from its reference: a bet's is `bet:B<period>…`, a session's
 * payouts and fees `session:<period>`, and a period id is `<yyyymmdd><level><index>` (domain
 * game/periods.ts); 0 for any other transfer. The dashboard's aggregates group by it.
 */
export const roomOfTransferSql = (reference: SQL): SQL =>
  sql`coalesce(substring(${reference} from '^(?:bet:B|session:)[0-9]{8}([1-9])')::int, 0)`;
