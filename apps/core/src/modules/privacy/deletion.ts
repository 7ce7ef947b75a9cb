import { AppError, DELETE_CONFIRMATION_WORD, deletionBlockers, deletionRefusal, type MyDataDeletable } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { verifyPassword } from '../../platform/passwords';
import type { Random } from '../../platform/random';
import { revokeUserSessions } from '../auth';
import { type ThrottlePolicy, throttledCheck } from '../throttle';
import { closeAccount, findUserById, newInvitationCode } from '../user';
import type { DeletionFactsReader, Erasure } from './types';

/** Wrong passwords at account deletion wait as at login: a stolen token alone cannot guess its way to deleting the account. */
export const DELETE_PASSWORD_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 };

export interface DeletionDeps {
  db: Database;
  clock: Clock;
  random: Random;
  logger: Logger;
  facts: DeletionFactsReader;
  erasures: readonly Erasure[];
}

/** Whether the account can be deleted now, and every reason it cannot (the page shows them before anything is typed). */
export async function deletable(deps: DeletionDeps, userId: number): Promise<MyDataDeletable> {
  const blockers = deletionBlockers(await deps.facts(deps.db, userId, deps.clock.now()));
  return { deletable: blockers.length === 0, blockers, confirmationWord: DELETE_CONFIRMATION_WORD };
}

/**
 * Deletes the caller's account: the login password again (throttled), then in ONE transaction the
 * facts are read again under the balances' locks (a credit arriving now waits for it, or it waits
 * for the credit and sees it), a refusal changes nothing, and otherwise the account is closed, every
 * session revoked and each module erases its part. Files are removed once it has committed.
 */
export async function deleteAccount(deps: DeletionDeps, userId: number, password: string): Promise<void> {
  await checkPassword(deps, userId, password);
  const now = deps.clock.now();
  const afterCommit = await deps.db.transaction(async (tx) => {
    const refusal = deletionRefusal(await deps.facts(tx, userId, now));
    if (refusal) throw new AppError(refusal);
    const closed = await closeAccount(tx, userId, { now, reason: 'player', invitationCode: newInvitationCode(deps.random) });
    if (!closed) throw new AppError('UNAUTHORIZED');
    await revokeUserSessions(tx, deps.clock, userId, 'closed');
    const later: (() => Promise<void>)[] = [];
    for (const erasure of deps.erasures) {
      const then = await erasure.erase(tx, userId, closed);
      if (then) later.push(then);
    }
    return later;
  });
  for (const then of afterCommit) {
    // The deletion stands: a file left on disk is logged for the operator, never an error for the player.
    await then().catch((error: unknown) => deps.logger.error({ err: error, userId }, 'account deletion: a file could not be removed'));
  }
}

async function checkPassword(deps: DeletionDeps, userId: number, password: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.closedAt) throw new AppError('UNAUTHORIZED');
  const verdict = await throttledCheck(deps.db, deps.clock, [{ key: `delete:${userId}`, policy: DELETE_PASSWORD_THROTTLE }], () =>
    verifyPassword(user.passwordHash, password),
  );
  if (verdict.right) return;
  if (verdict.waitMs) throw AppError.wait('ACCOUNT_DELETE_THROTTLED', verdict.waitMs / 1000);
  throw new AppError('ACCOUNT_DELETE_PASSWORD_WRONG');
}
