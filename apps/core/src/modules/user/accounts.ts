/**
 * The user module's account reads and writes for the modules that sign people in, pay them out or
 * name them to operators (auth, withdraw, power): they reach the users table only through these.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type UserRow, users } from './schema';

export {
  findUserById,
  findUserByInvitationCode,
  findUserByPhone,
  findUserByTelegramId,
  insertUser,
  newInvitationCode,
  setPasswordHash,
  setUserLocale,
} from './repository';
export type { UserRow } from './schema';

/** Everyone (up to `limit`) with this phone number, whatever their calling code. */
export async function usersWithPhone(on: Executor, phone: string, limit: number): Promise<UserRow[]> {
  return on.select().from(users).where(eq(users.phone, phone)).limit(limit);
}

/**
 * The user's team down to tier 3, as a subquery of (id, tier) rows, for a statistic that stays one
 * statement: only this module's files name the users table.
 */
export function teamTiersOf(userId: number): SQL {
  return sql`(with recursive team(id, tier) as (
            select id, 1 from users where parent_id = ${userId}
            union all
            select u.id, t.tier + 1 from users u join team t on u.parent_id = t.id where t.tier < 3
          ) select id, tier from team)`;
}
