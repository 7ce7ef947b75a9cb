import { ASSETS, BET_NAMES, type GameOdds, type GameResult, multiplierBps } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { transferFromSystemSql } from '../ledger/ledger';
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
 * are updated in place (HOT: no index names status, payout or settled_at). Idempotent: only
 * PENDING bets of a 'drawn' session are touched, and the session is marked settled in the same
 * statement.
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
  // The fees of every bet, per coin, in one pass over the session's rows: one plain aggregate with a
  // filtered sum per coin (a GROUP BY on the unanalysed fresh rows was planned as a sort on disk).
  const coins = sql.join(
    ASSETS.map((asset) => sql`${asset}::text`),
    sql`, `,
  );
  const feesPerCoin = sql.join(
    ASSETS.map((asset) => sql`coalesce(sum(fee) filter (where coin = ${asset}::text), 0)`),
    sql`, `,
  );
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
        ), bets as (
          select count(*)::int as n, array[${feesPerCoin}]::bigint[] as fees from game_bets
          where session_id = ${session.id} and status = 'PENDING'
        ), fees as (
          select f.coin, f.fee from bets, unnest(array[${coins}]::text[], bets.fees) as f(coin, fee) where f.fee > 0
        ), paid as (
          select coin, user_id, sum(payout)::bigint as amount from settled where payout > 0 group by coin, user_id
        ), moves as (
          select coin as asset, user_id, null::text as system, amount, 'payout'::text as type from paid
          union all
          select coin, null::bigint, 'fees', fee, 'fee' from fees
        ), closed as (
          update game_sessions set status = 'settled', settled_at = ${at}
          where id = ${session.id} and status = ${session.status}
        )
        select ${transferFromSystemSql('house', `session:${session.periodId}`, now, 'moves')} as transfers,
               (select n from bets) as bets,
               (select count(*)::int from paid) as winners,
               (select json_object_agg(coin, total::text) from (select coin, sum(amount) as total from paid group by coin) p) as paid`,
  );
  return { bets: Number(row?.bets ?? 0), winners: Number(row?.winners ?? 0), paid: row?.paid ?? {} };
}
