import { normalizeInvitationCode } from '@prism/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Random } from '../../platform/random';
import { randomString } from '../../platform/random';
import { type UserRow, users } from './schema';

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Phones are unique per calling code; without one, a phone that exists once still matches. */
export async function findUserByPhone(db: Executor, phone: string, areaCode?: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(areaCode ? and(eq(users.phone, phone), eq(users.areaCode, areaCode)) : eq(users.phone, phone))
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

export async function findUserByInvitationCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.invitationCode, normalizeInvitationCode(code)));
  return row;
}

export async function findUserByTelegramId(db: Executor, telegramId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.telegramId, telegramId));
  return row;
}

/** The language of the user's last login (bot notices are written in it); undefined when there is no such user. */
export async function findUserLocale(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, id));
  return row?.locale;
}

/** The Telegram chat linked to the account (the Telegram user id), if any. */
export async function findTelegramChat(db: Executor, id: number): Promise<number | undefined> {
  const [row] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, id));
  return row?.telegramId ?? undefined;
}

/** The payment password's hash, or undefined when none is set (or there is no such user). */
export async function findAssetPasswordHash(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.assetPasswordHash }).from(users).where(eq(users.id, id));
  return row?.hash ?? undefined;
}

/** Invitation codes: 8 characters without look-alikes (no 0/O, 1/I/L). */
const INVITATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newInvitationCode(random: Random): string {
  return randomString(random, INVITATION_ALPHABET, 8);
}

/*
 * Writes. The users table belongs to this module: auth, telegram and the
 * operator routes change accounts through these, never through the table.
 */

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function setUserLocale(db: Executor, userId: number, locale: string): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** 1 enabled, 0 disabled (the caller revokes the sessions of a disabled account). A closed account stays disabled. */
export async function setUserStatus(db: Executor, userId: number, userStatus: 0 | 1, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ userStatus, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.closedAt)));
}

/** The Telegram user an account is linked to, and their current username. */
export async function setTelegramIdentity(
  db: Executor,
  userId: number,
  identity: { telegramId: number; username?: string | undefined },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ telegramId: identity.telegramId, telegramUsername: identity.username ?? null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Everyone (up to `limit`) with this phone number, whatever their calling code. */
export async function usersWithPhone(on: Executor, phone: string, limit: number): Promise<UserRow[]> {
  return on.select().from(users).where(eq(users.phone, phone)).limit(limit);
}
