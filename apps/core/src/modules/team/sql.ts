import { type SQL, sql } from 'drizzle-orm';

/**
 * When each user's invitation became effective: the first wallet or bank card
 * they bound (specification point 6). Bank cards keep their row when removed and
 * a wallet keeps its first created_at when replaced, so this time never moves.
 * Columns: user_id, effective_at.
 */
export const effectiveInvitations: SQL = sql`
  select user_id, min(created_at) as effective_at from (
    select user_id, created_at from bank_cards
    union all
    select user_id, created_at from user_wallets
  ) bound group by user_id`;

/** Valid bets are settled ones (WIN or LOSE); a refunded (DRAW) stake is no turnover. */
export const VALID_BET = sql`status in ('WIN', 'LOSE')`;

/**
 * Team figures and commissions are shown in the CASH family of coins (CASH,
 * CHIP, GOLD, POINT: the pool the withdrawal turnover rule counts bets in);
 * USDT moves at another value and is not added to them.
 */
export const CASH_FAMILY = (column: SQL) => sql`${column} <> 'USDT'`;
