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

/**
 * Valid bets are settled ones (won or lost); a refunded (DRAW) stake is no turnover. They are
 * told by their session alone, so that an index without `status` answers it
 * (game_bets_user_turnover_idx), and because a losing bet's row keeps saying PENDING after its
 * session settled (game/outcome.ts): every bet of a settled session is valid, of an open or
 * drawn one pending, of a void one DRAW. Those sessions are few: the open and drawn ones of each
 * room, and legacy voids.
 */
export const IN_SETTLED_SESSION = (column: SQL) =>
  sql`not (${column} = any (array(select id from game_sessions where status in ('open', 'drawn', 'void'))))`;

/**
 * Team figures and commissions are shown in the CASH family of coins (CASH,
 * CHIP, GOLD, POINT: the pool the withdrawal turnover rule counts bets in);
 * USDT moves at another value and is not added to them.
 */
export const CASH_FAMILY = (column: SQL) => sql`${column} <> 'USDT'`;
