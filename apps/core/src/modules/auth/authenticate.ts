import { AppError } from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { TokenService } from '../../platform/tokens';
import { refreshTelegramUser, type TelegramLaunch, validateInitData } from '../telegram';
import { findUserByTelegramId, userStatusSql } from '../user';
import { authSessions } from './schema';
import { cachedSession, rememberSession, type SessionState } from './sessions';

declare global {
  namespace Express {
    interface Request {
      /** The validated Telegram launch data sent as `Authorization: tma <initData>`. */
      telegram?: TelegramLaunch;
    }
  }
}

export interface AuthenticateDeps {
  db: Database;
  clock: Clock;
  tokens: TokenService;
  botToken: string | undefined;
  initDataTtlSeconds: number;
  /** AUTH_SESSION_CACHE_SECONDS (0: no cache). */
  sessionCacheSeconds?: number;
}

const TMA_PREFIX = /^tma(\s+|$)/i;
const BEARER_PREFIX = /^bearer\s+/i;

/**
 * Reads the caller's credential, if any, and records who they are (req.auth)
 * or why the credential was refused (req.authFailure). It never rejects by
 * itself (public routes ignore it, `requireAuth` enforces it), except for two
 * headers that disagree: which one to believe is not ours to guess.
 *
 * - `Authorization: <jwt>` (or `Bearer <jwt>`) and `X-Access-Token: <jwt>`: our token,
 *   valid only while its auth session is open and the account active. Both may be
 *   sent (our client does), but then they must carry the same token.
 * - `Authorization: tma <initData>`: Telegram launch data, valid only with our
 *   bot token's signature and a fresh auth_date; it identifies the linked account.
 */
export function authenticate(deps: AuthenticateDeps): RequestHandler {
  return async (req, _res, next) => {
    const authorization = req.get('Authorization')?.trim() ?? '';
    const accessToken = req.get('X-Access-Token')?.replace(BEARER_PREFIX, '').trim() ?? '';
    if (accessToken && authorization && authorization.replace(BEARER_PREFIX, '').trim() !== accessToken) {
      throw new AppError('AUTH_HEADERS_MISMATCH');
    }
    if (TMA_PREFIX.test(authorization)) {
      await fromInitData(deps, req, authorization.replace(TMA_PREFIX, ''));
    } else {
      const token = accessToken || authorization.replace(BEARER_PREFIX, '').trim();
      if (token) await fromToken(deps, req, token);
    }
    next();
  };
}

async function fromToken(deps: AuthenticateDeps, req: Request, token: string): Promise<void> {
  const claims = deps.tokens.verify(token);
  if (!claims) {
    req.authFailure = 'UNAUTHORIZED';
    return;
  }
  const session = await sessionOf(deps, claims.jti);
  if (!session || session.userId !== claims.uid || session.expiresAt <= deps.clock.now()) {
    req.authFailure = 'UNAUTHORIZED';
    return;
  }
  if (session.revokedAt) {
    // Logging out ends a session quietly; a password reset or an operator ends it with 50001.
    req.authFailure = session.revokedReason === 'logout' ? 'UNAUTHORIZED' : 'SESSION_REPLACED';
    return;
  }
  if (session.userStatus !== 1) {
    req.authFailure = 'ACCOUNT_DISABLED';
    return;
  }
  req.auth = { userId: session.userId, sessionId: claims.jti, via: 'token' };
}

/** The session and its account's status: one query, or none while this process's cached read is fresh. */
async function sessionOf(deps: AuthenticateDeps, sessionId: string): Promise<SessionState | undefined> {
  const ttlMs = (deps.sessionCacheSeconds ?? 0) * 1000;
  const now = deps.clock.now().getTime();
  const cached = ttlMs > 0 ? cachedSession(sessionId, now, ttlMs) : undefined;
  if (cached) return cached;
  const [row] = await deps.db
    .select({
      userId: authSessions.userId,
      expiresAt: authSessions.expiresAt,
      revokedAt: authSessions.revokedAt,
      revokedReason: authSessions.revokedReason,
      // The account's status in the same statement (the user module's subquery): one round trip per request.
      userStatus: userStatusSql(authSessions.userId),
    })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  if (row && ttlMs > 0) rememberSession(sessionId, row, now);
  return row;
}

async function fromInitData(deps: AuthenticateDeps, req: Request, raw: string): Promise<void> {
  const result = validateInitData(raw, deps.botToken, deps.clock, deps.initDataTtlSeconds);
  if (!result.ok) {
    req.authFailure = 'TELEGRAM_INIT_DATA_INVALID';
    return;
  }
  req.telegram = result.launch;
  const user = await findUserByTelegramId(deps.db, result.launch.telegramId);
  if (!user) {
    req.authFailure = 'TELEGRAM_NOT_LINKED';
    return;
  }
  if (user.userStatus !== 1) {
    req.authFailure = 'ACCOUNT_DISABLED';
    return;
  }
  if ((user.telegramUsername ?? undefined) !== result.launch.username) await refreshTelegramUser(deps.db, user.id, result.launch);
  req.auth = { userId: user.id, via: 'telegram' };
}

/**
 * Telegram launch data sent with a public call (login, register): validated,
 * or an error if it was sent but is forged or stale. Absent is fine.
 */
export function telegramOf(req: Request): TelegramLaunch | undefined {
  if (req.authFailure === 'TELEGRAM_INIT_DATA_INVALID') throw new AppError('TELEGRAM_INIT_DATA_INVALID');
  return req.telegram;
}
