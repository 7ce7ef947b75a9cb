import { AppError } from '@prism/domain';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { sha256Hex } from '../../platform/hash';
import { type AuditActor, recordAudit } from '../audit';
import { operatorSessions, operators } from './schema';
import { randomToken } from './secrets';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from './types';

/** A console session: the cookie's token and the CSRF token it must come with, both shown only now. */
export async function openSession(
  db: Executor,
  clock: Clock,
  operatorId: number,
  from: { address: string; userAgent: string },
): Promise<{ id: number; token: string; csrf: string }> {
  const token = randomToken();
  const csrf = randomToken();
  const now = clock.now();
  const [row] = await db
    .insert(operatorSessions)
    .values({
      tokenHash: sha256Hex(token),
      csrfHash: sha256Hex(csrf),
      operatorId,
      createdAt: now,
      lastSeenAt: now,
      address: from.address,
      userAgent: from.userAgent.slice(0, 300),
    })
    .returning({ id: operatorSessions.id });
  if (!row) throw new Error('session not opened');
  return { id: row.id, token, csrf };
}

/** Whether a session is still alive at `now`: 30 min since it was last used, 12 h since it opened. */
export const sessionAlive = (row: { createdAt: Date; lastSeenAt: Date }, now: Date): boolean =>
  now.getTime() - row.lastSeenAt.getTime() <= SESSION_IDLE_MS && now.getTime() - row.createdAt.getTime() <= SESSION_MAX_MS;

/** The live session behind a cookie, with its active operator; undefined when unknown, revoked, expired or disabled. */
export async function sessionOf(db: Executor, clock: Clock, token: string) {
  const [found] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, sha256Hex(token)), isNull(operatorSessions.revokedAt), eq(operators.status, 'active')));
  if (!found || !sessionAlive(found.session, clock.now())) return undefined;
  return found;
}

/** Marks a session used; written at most once a minute, so a busy console does not write on every call. */
export async function touchSession(db: Executor, clock: Clock, session: { id: number; lastSeenAt: Date }): Promise<void> {
  const now = clock.now();
  if (now.getTime() - session.lastSeenAt.getTime() < 60_000) return;
  await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, session.id));
}

/** The operator's own live sessions, newest first; `current` marks the one asking. */
export async function listSessions(db: Executor, clock: Clock, operatorId: number, currentId: string | undefined) {
  const since = new Date(clock.now().getTime() - SESSION_MAX_MS);
  const rows = await db
    .select()
    .from(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt), gt(operatorSessions.createdAt, since)))
    .orderBy(desc(operatorSessions.id));
  return rows
    .filter((row) => sessionAlive(row, clock.now()))
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      address: row.address,
      userAgent: row.userAgent,
      current: String(row.id) === currentId,
    }));
}

/** Ends one of the actor's own sessions (sign-out, or a session on a lost laptop). Audited as 'session.revoke'. */
export async function revokeSession(db: Executor, clock: Clock, actor: AuditActor, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(operatorSessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(eq(operatorSessions.id, sessionId), eq(operatorSessions.operatorId, actor.operator.id), isNull(operatorSessions.revokedAt)),
      )
      .returning({ id: operatorSessions.id });
    // Someone else's session id answers as an unknown one.
    if (revoked.length !== 1) throw new AppError('NOT_FOUND');
    await recordAudit(tx, clock, actor, { action: 'session.revoke', target: { type: 'session', id: sessionId } });
  });
}
