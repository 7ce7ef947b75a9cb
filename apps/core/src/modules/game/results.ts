import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** A settled session as the results message names it. */
export interface SettledSession {
  id: number;
  periodId: string;
  level: number;
}

/** One player's bets of one session in one coin: how many, staked (total), paid out; minor units. */
export interface SessionResult {
  userId: number;
  coin: string;
  bets: number;
  staked: bigint;
  paid: bigint;
}

/**
 * Each bettor's result in a settled session, per coin (notify's results message, one per player
 * and session). A losing bet keeps its payout 0 (outcome.ts), a refunded one (DRAW) its stake back.
 */
export async function sessionResultsByUser(db: Executor, sessionId: number): Promise<SessionResult[]> {
  const rows = await queryRows<{ user_id: string | number; coin: string; bets: number; staked: string; paid: string }>(
    db,
    sql`select user_id, coin, count(*)::int as bets, sum(total)::text as staked, sum(payout)::text as paid
        from game_bets where session_id = ${sessionId}
        group by user_id, coin order by user_id, coin`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    coin: r.coin,
    bets: Number(r.bets),
    staked: BigInt(r.staked),
    paid: BigInt(r.paid),
  }));
}

/** The room's display name, for the message's title. */
export async function roomNameOf(db: Executor, level: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(db, sql`select level_name as name from game_levels where level = ${level}`);
  return row?.name ?? `#${level}`;
}
