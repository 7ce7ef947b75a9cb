import { AppError } from '@prism/domain';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../../platform/passwords';
import { phoneTarget } from '../sms';
import { clearAttempts, remember } from '../throttle';
import { findUserByPhone, setPasswordHash } from '../user';
import { revokeUserSessions } from './sessions';
import { type AuthServiceDeps, loginKeys, type ResetPasswordInput } from './types';

/** Forgot password (logged out) and change password (logged in): both prove the phone with a code. */
export async function resetLoginPassword(deps: AuthServiceDeps, input: ResetPasswordInput, caller?: AuthContext): Promise<void> {
  const { db } = deps;
  const user = await findUserByPhone(db, input.phone, input.areaCode);
  if (!user) throw new AppError('PHONE_NOT_REGISTERED');
  await deps.codes.verify('resetLoginPwd', phoneTarget(user.areaCode, user.phone), input.code);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, deps.clock.now());
    // Everyone else holding this account's tokens is signed out; the caller stays in.
    const keep = caller?.userId === user.id ? caller.sessionId : undefined;
    await revokeUserSessions(tx, deps.clock, user.id, 'password_reset', keep);
  });
  // The owner proved the phone: the account's wrong-password waits end, and this address
  // may sign in past the account budget for a day, however many strangers keep guessing.
  const keys = loginKeys(String(user.id), input.address);
  await clearAttempts(db, [keys.account, keys.address]);
  await remember(db, deps.clock, keys.trusted);
}
