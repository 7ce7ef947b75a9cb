import { type BetName, type GameOdds, type GameResult, multiplierBps } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { StrandedBet } from '../ledger';

/**
 * Bets stranded in a finished session: their stake was taken and nothing will ever pay them (the
 * ledger check reports them; the composition root and the callers of checkLedger hand it this).
 * In a void session every bet must have been refunded (DRAW); in a settled one a bet still PENDING
 * lost (settlement writes only the winners, outcome.ts), so it is stranded only if its name wins the
 * session's result with the room's odds. At most 100, by bet id.
 */
export async function strandedBets(db: Executor): Promise<StrandedBet[]> {
  // The kinds of PENDING bets in settled sessions are few (room, result, bet name): the winning ones are told by the domain's rule.
  const kinds = await queryRows<{ level: number; result: number; bet_name: string; odds: GameOdds }>(
    db,
    sql`select k.level, k.result, k.bet_name, l.odds from (
          select distinct s.level, s.result, b.bet_name from game_bets b join game_sessions s on s.id = b.session_id
          where b.status = 'PENDING' and s.status = 'settled') k
        join game_levels l on l.level = k.level`,
  );
  const unpaidWinners = kinds.filter((k) => multiplierBps(k.bet_name as BetName, k.result as GameResult, k.odds) > 0);
  const winning = unpaidWinners.length
    ? sql`or (s.status = 'settled' and (s.level, s.result, b.bet_name) in (${sql.join(
        unpaidWinners.map((k) => sql`(${k.level}::int, ${k.result}::smallint, ${k.bet_name}::text)`),
        sql`, `,
      )}))`
    : sql``;
  const pending = await queryRows<{ id: number; user_id: number; period_id: string; status: string; coin: string; total: string }>(
    db,
    sql`select b.id, b.user_id, b.period_id, s.status, b.coin, b.total::text as total
        from game_bets b join game_sessions s on s.id = b.session_id
        where b.status = 'PENDING' and (s.status = 'void' ${winning}) order by b.id limit 100`,
  );
  return pending.map((row) => ({
    betId: Number(row.id),
    userId: Number(row.user_id),
    periodId: row.period_id,
    sessionStatus: row.status,
    coin: row.coin,
    total: row.total,
  }));
}
