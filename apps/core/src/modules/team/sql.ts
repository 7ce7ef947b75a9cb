import { type SQL, sql } from 'drizzle-orm';
import { configValueSql } from '../config';
import { firstCreditedRecharges } from '../recharge';
import { directInviteesSql } from '../user';
import { walletBindings } from '../withdraw';

/** The operator's choice of the signal an effective invitation waits for (sys_config TEAM_INVITE_SIGNAL). */
export const INVITE_SIGNALS = ['first_recharge', 'wallet'] as const;
const inviteSignal = sql`coalesce(${configValueSql('TEAM_INVITE_SIGNAL')}, 'first_recharge')`;

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

/** How many of the users `userId` invited directly have an effective invitation, as a scalar subquery's text (the level module's `invite` figure). */
export const effectiveDirectInvitesSql = (userId: number): SQL =>
  sql`select count(*)::text from (${directInviteesSql(userId)}) u
        where u.id in (select user_id from (${effectiveInvitationsOf(directInviteesSql(userId))}) e)`;

/**
 * Team figures and commissions are shown in the CASH family of coins (CASH,
 * CHIP, GOLD, POINT: the pool the withdrawal turnover rule counts bets in);
 * USDT moves at another value and is not added to them.
 */
export const CASH_FAMILY = (column: SQL) => sql`${column} <> 'USDT'`;
