import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * What other modules read of the invitation tree (users.parent_id, its index users_parent_id_idx)
 * and of members' public details, as SQL fragments that name the users table (only this module
 * does), so the team's statistics and rebate job stay one statement each.
 */

/**
 * A recursive CTE `invitees(id, tier)`: the users below `userId` down to `maxTier` (1 = invited by
 * them). The statement using it starts `with recursive`.
 */
export const inviteesCte = (userId: number, maxTier: number): SQL => sql`
  invitees(id, tier) as (
    select id, 1 from users where parent_id = ${userId}
    union all
    select u.id, t.tier + 1 from users u join invitees t on u.parent_id = t.id where t.tier < ${maxTier}
  )`;

/**
 * A recursive CTE `inviters(member, ancestor, tier)`: for each user `members` selects (a subquery
 * of ids), the users above them up to `maxTier` (1 = who invited them). The statement starts `with recursive`.
 */
export const invitersCte = (members: SQL, maxTier: number): SQL => {
  const tiers = sql.raw(String(Math.trunc(maxTier))); // a literal, as the rebate job's statement was written
  return sql`inviters(member, ancestor, tier) as (
          select u.id, u.parent_id, 1 from users u
          where u.id in (${members}) and u.parent_id is not null
          union all
          select up.member, p.parent_id, up.tier + 1 from inviters up join users p on p.id = up.ancestor
          where up.tier < ${tiers} and p.parent_id is not null
        )`;
};

/** The users `userId` invited directly. Columns: id. */
export const directInviteesSql = (userId: number): SQL => sql`select id from users where parent_id = ${userId}`;

/** Members as the team pages show them, as a FROM item. Columns: id, phone, nick_name, created_at. */
export const memberCardsSql: SQL = sql`(select id, phone, nick_name, created_at from users)`;

/** A column or an expression holding a user id. */
type UserIdOf = AnyColumn | SQLWrapper;

/*
 * SQL fragments for statements other modules own that need a user's fields. Where a job or a
 * hot read is one statement, it stays one: the caller puts these fragments into its statement,
 * and only this module's files name the users table. The subqueries alias it (`account`) so that
 * the caller's expression for the user id always means the caller's row.
 */

/** The account's status (1 active, 0 disabled) of the user whose id `userId` holds: a scalar subquery. */
export function userStatusSql(userId: UserIdOf): SQL<number> {
  return sql<number>`(select account.user_status from users account where account.id = ${userId})`.mapWith(Number);
}

/** The linked Telegram chat (the Telegram user id, null when unlinked) of the user `userId` names: a scalar subquery. */
export function telegramChatSql(userId: UserIdOf): SQL<string | number | null> {
  return sql`(select account.telegram_id from users account where account.id = ${userId})`;
}

/** Every user's id as `user_id`, in id order: a subquery for a statement addressed to everyone (broadcasts). */
export function everyUserIdSql(): SQL {
  return sql`select id as user_id from users order by id`;
}
