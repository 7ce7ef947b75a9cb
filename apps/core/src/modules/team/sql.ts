import { type SQL, sql } from 'drizzle-orm';
import { firstCreditedRecharges } from '../recharge';
import { walletBindings } from '../withdraw';

/** The operator's choice of the signal an effective invitation waits for (sys_config TEAM_INVITE_SIGNAL). */
export const INVITE_SIGNALS = ['first_recharge', 'wallet'] as const;
const inviteSignal = sql`coalesce((select value from sys_config where key = 'TEAM_INVITE_SIGNAL'), 'first_recharge')`;

/**
 * When each user's invitation became effective and counts (register rebates, invite tasks):
 * specification point 6 says when the invitee binds a wallet (a bank card alone does not count;
 * binding refuses platform and other accounts' addresses, withdraw/destinations.ts). It then also
 * waits for the operator's signal: by default the invitee's first credited recharge, so twelve
 * accounts binding addresses cost real money. Neither time moves later (a wallet keeps its first
 * created_at when replaced), so a day's rebate is paid once. `among`: a subquery of the user ids wanted
 * (all when omitted). Columns: user_id, effective_at.
 */
export const effectiveInvitationsOf = (among?: SQL): SQL => sql`
  select w.user_id, case when ${inviteSignal} = 'wallet' then w.bound_at else greatest(w.bound_at, r.first_at) end as effective_at
  from (${walletBindings(among)}) w left join (${firstCreditedRecharges(among)}) r on r.user_id = w.user_id
  where ${inviteSignal} = 'wallet' or r.first_at is not null`;

/** Every user's (the rebate job's day filters on effective_at). */
export const effectiveInvitations: SQL = effectiveInvitationsOf();

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
