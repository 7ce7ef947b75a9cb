import { AppError } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type AuditActor, recordAudit } from '../audit';
import { revokeUserSessions } from '../auth';
import { findUserById, setUserStatus, type UserRow } from '../user';

/**
 * Enables or disables an account, with its audit row in the same transaction; disabling signs the
 * user out everywhere. The CLI's `users/status` (by phone) and the console's `users/:id/status` both use it.
 */
export async function changeUserStatus(db: Database, clock: Clock, actor: AuditActor, user: UserRow, status: 'enable' | 'disable') {
  const userStatus = status === 'enable' ? 1 : 0;
  await db.transaction(async (tx) => {
    await setUserStatus(tx, user.id, userStatus, clock.now());
    if (userStatus === 0) await revokeUserSessions(tx, clock, user.id, 'disabled');
    await recordAudit(tx, clock, actor, {
      action: userStatus === 0 ? 'user.disable' : 'user.enable',
      target: { type: 'user', id: user.id },
      before: { userStatus: user.userStatus },
      after: { userStatus },
    });
  });
  return { id: user.id, phone: user.phone, userStatus };
}

/** Signs the user out on every device (their sessions revoked), audited as 'user.signOut'. */
export async function signUserOut(db: Database, clock: Clock, actor: AuditActor, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeUserSessions(tx, clock, user.id, 'operator');
    await recordAudit(tx, clock, actor, { action: 'user.signOut', target: { type: 'user', id: user.id } });
  });
}

/** The user with this id, or NOT_FOUND. */
export async function userOrNotFound(db: Database, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}
