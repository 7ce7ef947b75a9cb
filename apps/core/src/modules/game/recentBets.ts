import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** A settled or open bet as the reality check reads it (amounts as decimal text of minor units). */
export type RecentBet = {
  created_at: string | Date;
  coin: string;
  total: string;
  payout: string;
};

/** The user's newest bets, newest first: what the reality check sums into the current play session. */
export async function recentBets(on: Executor, userId: number, limit: number): Promise<RecentBet[]> {
  return queryRows<RecentBet>(
    on,
    sql`select created_at, coin, total::text as total, payout::text as payout from game_bets
         where user_id = ${userId} order by id desc limit ${limit}`,
  );
}
