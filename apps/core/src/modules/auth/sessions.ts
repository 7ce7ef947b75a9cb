import type { IssuedToken } from '@prism/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Random } from '../../platform/random';
import type { TokenService } from '../../platform/tokens';
import { authSessions } from './schema';

export type RevokeReason = 'logout' | 'password_reset' | 'disabled';

export interface SessionDeps {
  clock: Clock;
  random: Random;
  tokens: TokenService;
  ttlHours: number;
}

/** Opens an auth session and signs its JWT (claims uid, role[], permission[], exp, jti). */
export async function openSession(db: Executor, deps: SessionDeps, userId: number): Promise<IssuedToken> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.ttlHours * 3_600_000);
  const id = Buffer.from(deps.random.bytes(16)).toString('hex');
  await db.insert(authSessions).values({ id, userId, createdAt: now, expiresAt });
  const token = await deps.tokens.sign({ uid: userId, role: ['user'], permission: [], jti: id }, expiresAt);
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function revokeSession(db: Executor, clock: Clock, sessionId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every open session of a user, except `keep` (the caller's own, when it changes its password). */
export async function revokeUserSessions(db: Executor, clock: Clock, userId: number, reason: RevokeReason, keep?: string): Promise<void> {
  const open = and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt));
  await db
    .update(authSessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(keep ? and(open, ne(authSessions.id, keep)) : open);
}
