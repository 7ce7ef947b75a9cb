import type { IssuedToken } from '@prism/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Random } from '../../platform/random';
import type { TokenService } from '../../platform/tokens';
import { authSessions } from './schema';

export type RevokeReason = 'logout' | 'password_reset' | 'disabled' | 'operator' | 'closed';

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

/** What authenticate needs of an auth session and its account. */
export interface SessionState {
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  userStatus: number;
}

/**
 * Auth sessions this process has read, by id, each with the time it was read
 * (AUTH_SESSION_CACHE_SECONDS): most requests then cost no query for their
 * token. Revoking in this process forgets the entries at once; another process's
 * revocation is seen when the entry runs out. Bounded: cleared when full.
 */
const sessionCache = new Map<string, { state: SessionState; readAt: number }>();
const SESSION_CACHE_MAX = 100_000;

export function cachedSession(sessionId: string, now: number, ttlMs: number): SessionState | undefined {
  const entry = sessionCache.get(sessionId);
  if (!entry) return undefined;
  if (now - entry.readAt < ttlMs && now >= entry.readAt) return entry.state;
  sessionCache.delete(sessionId);
  return undefined;
}

export function rememberSession(sessionId: string, state: SessionState, now: number): void {
  if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
  sessionCache.set(sessionId, { state, readAt: now });
}

function forgetSessions(match: (sessionId: string, state: SessionState) => boolean): void {
  for (const [id, entry] of sessionCache) if (match(id, entry.state)) sessionCache.delete(id);
}

export async function revokeSession(db: Executor, clock: Clock, sessionId: string, reason: RevokeReason): Promise<void> {
  forgetSessions((id) => id === sessionId);
  await db
    .update(authSessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every open session of a user, except `keep` (the caller's own, when it changes its password). */
export async function revokeUserSessions(db: Executor, clock: Clock, userId: number, reason: RevokeReason, keep?: string): Promise<void> {
  forgetSessions((_id, state) => state.userId === userId);
  const open = and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt));
  await db
    .update(authSessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(keep ? and(open, ne(authSessions.id, keep)) : open);
}
