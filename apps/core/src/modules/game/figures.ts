import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

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
 * The figures over [start, end) (a platform day), in the CASH family of coins
 * (USDT moves at another value; see team/sql.ts). Read by the user service.
 */
export async function betFigures(db: Executor, userId: number, start: Date, end: Date): Promise<BetFigures> {
  const from = sql`${start.toISOString()}::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  const settledToday = sql`status in ('WIN', 'LOSE') and settled_at >= ${from} and settled_at < ${to}`;
  const [row] = await queryRows<{ placed: string; income: string; win: string; total: string }>(
    db,
    sql`select coalesce(sum(total) filter (where created_at >= ${from} and created_at < ${to} and status <> 'DRAW'), 0)::text as placed,
               coalesce(sum(payout) filter (where ${settledToday}), 0)::text as income,
               coalesce(sum(payout - total) filter (where ${settledToday}), 0)::text as win,
               coalesce(sum(total) filter (where status <> 'DRAW'), 0)::text as total
        from game_bets where user_id = ${userId} and coin <> 'USDT'`,
  );
  return {
    todayBetAmount: BigInt(row?.placed ?? '0'),
    todayBetIncome: BigInt(row?.income ?? '0'),
    todayWin: BigInt(row?.win ?? '0'),
    totalBetAmount: BigInt(row?.total ?? '0'),
  };
}
