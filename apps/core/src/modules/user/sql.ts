import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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
