import { BET_NAMES, type GameOdds, type GameResult, multiplierBps } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { transferFromSystemSql } from '../ledger';
import { figureQuarterSql } from './figures';
import type { SessionRow } from './sessions';

export interface SettlementReport {
  bets: number;
  winners: number;
  paid: Record<string, string>;
}

/** What the settling statement answers. */
type Settled = { bets: number; winners: number; paid: Record<string, string> | null };

/**
 * Settles a drawn session in ONE statement, set-based: an UPDATE writes only the WINNING bets
 * (status WIN, payout from the domain's multipliers for this result, settled_at; the SQL only
 * multiplies), the same statement sums payouts per user and coin, and the fees per coin over all
 * the session's bets, pays them through the ledger's in-database batch
 * (`ledger_transfer_from_system`: house -> winners, house -> fees), and marks the session
 * settled. A losing bet's row is not written: it stays as placed (PENDING, payout 0), and its
 * session being settled says it lost (outcome.ts is how every reader reads it). The winners' rows
 * are updated in place (HOT: no index names status, payout or settled_at). The same statement
 * adds each player's settled stake, payout and bet counts to their game_user_quarters row of
 * this quarter hour and coin (figures.ts), one upsert per player and coin. Idempotent: only PENDING bets of a
 * 'drawn' session are touched, and the session is marked settled in the same statement.
 */
export async function settleSession(
  tx: Executor,
  clock: Clock,
  session: SessionRow,
  odds: GameOdds,
): Promise<SettlementReport | undefined> {
  if (session.status !== 'drawn' || session.result == null) return undefined;
  const result = session.result as GameResult;
  // Only the names this result pays: a bet of any other name loses, and its row is left as placed.
  const winning = BET_NAMES.map((name) => ({ name, mult: multiplierBps(name, result, odds) })).filter((w) => w.mult > 0);
  const multipliers = winning.length
    ? sql`(values ${sql.join(
        winning.map((w) => sql`(${w.name}, ${w.mult}::bigint)`),
        sql`, `,
      )})`
    : sql`(select null::text, null::bigint where false)`;
  // `now` is the bets' settled_at too: a session and its bets are settled at one time (the rebate job's day).
  const now = clock.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<Settled>(
    tx,
    sql`with settled as (
          update game_bets b
          set status = 'WIN', payout = ((b.total - b.fee) * m.mult) / 10000, settled_at = ${at}
          from ${multipliers} as m(bet_name, mult)
          where b.session_id = ${session.id} and b.status = 'PENDING' and b.bet_name = m.bet_name
          returning b.user_id, b.coin, b.payout
        ), players as (
          -- Per player and coin, in one pass over the session's rows (before the update above, as
          -- every part of a statement sees them): the bets, the stakes (the settled figures' row)
          -- and the fees; the session's count and fees per coin are sums of these rows.
          select user_id, coin, count(*)::int as n, sum(total)::bigint as staked, sum(fee)::bigint as fee
          from game_bets where session_id = ${session.id} and status = 'PENDING' group by user_id, coin
        ), bets as (
          select coalesce(sum(n), 0)::int as n from players
        ), fees as (
          select coin, sum(fee)::bigint as fee from players group by coin having sum(fee) > 0
        ), paid as (
          select coin, user_id, sum(payout)::bigint as amount from settled where payout > 0 group by coin, user_id
        ), moves as (
          select coin as asset, user_id, null::text as system, amount, 'payout'::text as type from paid
          union all
          select coin, null::bigint, 'fees', fee, 'fee' from fees
        ), closed as (
          update game_sessions set status = 'settled', settled_at = ${at}
          where id = ${session.id} and status = ${session.status}
        ), ledger as (
          select ${transferFromSystemSql('house', `session:${session.periodId}`, now, 'moves')} as transfers
        ), figures as (
          -- Each player's settled figures for this quarter hour and coin (every bet's stake, won or
          -- lost, and the payouts), added to the row of that quarter. After the ledger's locks (the
          -- join with its one row needs it computed), as place_bet takes them (accounts, then the
          -- player's rows), and in user order, as another room's settlement does: no deadlock.
          -- The stakes and the payouts are put together by a grouping, not a join: the planner
          -- estimates a fresh session's bets at a row or two, and a nested-loop join of players
          -- with payouts went quadratic (5,000 bets: 0.8 s instead of 0.05).
          -- Per coin, with the bets settled and the winners counted (My play reads them).
          insert into game_user_quarters as q (user_id, quarter, settled, coin, staked, payout, bets, won)
          select f.user_id, ${figureQuarterSql(at)}, true, f.coin, sum(f.staked), sum(f.payout), sum(f.bets), sum(f.won)
          from (select user_id, coin, staked, 0::bigint as payout, n as bets, 0 as won from players
                union all
                select user_id, coin, 0, sum(payout)::bigint, 0, count(*)::int from settled group by user_id, coin) f
          cross join ledger
          group by f.user_id, f.coin
          having sum(f.staked) > 0
          order by f.user_id, f.coin
          on conflict (user_id, quarter, settled, coin) do update
            set staked = q.staked + excluded.staked, payout = q.payout + excluded.payout, bets = q.bets + excluded.bets, won = q.won + excluded.won
        )
        select (select transfers from ledger) as transfers,
               (select n from bets) as bets,
               (select count(*)::int from paid) as winners,
               (select json_object_agg(coin, total::text) from (select coin, sum(amount) as total from paid group by coin) p) as paid`,
  );
  return { bets: Number(row?.bets ?? 0), winners: Number(row?.winners ?? 0), paid: row?.paid ?? {} };
}
