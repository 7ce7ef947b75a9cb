import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, listRows } from '../../db/pages';
import { users } from './schema';

/** The player's own account for their data export: everything the account row says about them (no password hashes). */
export function exportProfile(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return listRows(async () => {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) return [];
    return [
      {
        id: row.id,
        areaCode: row.areaCode,
        phone: row.phone,
        nickName: row.nickName,
        sex: row.sex,
        avatar: row.headUrl,
        invitationCode: row.invitationCode,
        invitedBy: row.parentId,
        level: row.level,
        language: row.locale,
        telegramId: row.telegramId,
        telegramUsername: row.telegramUsername,
        hasPaymentPassword: row.assetPasswordHash !== null,
        createdAt: isoOrNull(row.createdAt),
      },
    ];
  });
}

/** What closing an account erased that other modules' erasures still need (the SMS module forgets the phone's codes). */
export interface ClosedAccount {
  areaCode: string;
  phone: string;
  headUrl: string;
}

/**
 * Closes the account for good and erases what identifies the person (account deletion): phone,
 * names, avatar, Telegram link, password hashes, the operator's remark. The id stays, so the ledger,
 * bets and team keep their rows against an anonymous account; invitees keep it as their parent. The
 * invitation code is replaced, so the old code (shared in links) invites nobody to an empty account.
 * The phone becomes `closed:<id>`: unique, never a valid phone, so the number can register again.
 * Sessions are revoked by the caller (auth). Answers undefined when the account was already closed.
 */
export async function closeAccount(
  tx: Executor,
  userId: number,
  change: { now: Date; reason: string; invitationCode: string },
): Promise<ClosedAccount | undefined> {
  const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!before || before.closedAt) return undefined;
  await tx
    .update(users)
    .set({
      phone: `closed:${userId}`,
      areaCode: '',
      // Not an argon2 hash: no password can ever match it.
      passwordHash: '!closed',
      assetPasswordHash: null,
      nickName: '',
      sex: 0,
      headUrl: '',
      invitationCode: change.invitationCode,
      remark: '',
      telegramId: null,
      telegramUsername: null,
      userStatus: 0,
      closedAt: change.now,
      closedReason: change.reason,
      updatedAt: change.now,
    })
    .where(eq(users.id, userId));
  return { areaCode: before.areaCode, phone: before.phone, headUrl: before.headUrl };
}
