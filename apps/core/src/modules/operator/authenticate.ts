import { AppError, isOperatorRole } from '@prism/domain';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { Executor } from '../../db/client';
import type { OperatorPrincipal } from '../../http/context';
import type { Clock } from '../../platform/clock';
import { sha256Hex } from '../../platform/hash';
import { principalOfToken } from './apiTokens';
import { sameSecret } from './secrets';
import { sessionOf, touchSession } from './sessions';

export const SESSION_COOKIE = 'prism_ops_session';
export const CSRF_COOKIE = 'prism_ops_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The cookies of a request (no parser middleware: these are the only cookies core reads). */
export function cookiesOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.get('Cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    try {
      out[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A cookie that is not ours (or is broken) is ignored.
    }
  }
  return out;
}

/**
 * The session cookie is HttpOnly (no script reads it) and sent only to /core/admin; the CSRF
 * cookie is readable by the console's own script on the same origin, which echoes it in X-CSRF-Token:
 * a page on another site can make the browser send the cookie but cannot read the CSRF value.
 */
export function setSessionCookies(req: Request, res: Response, session: { token: string; csrf: string }): void {
  const base: CookieOptions = { sameSite: 'strict', secure: req.secure };
  res.cookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true, path: '/core/admin' });
  res.cookie(CSRF_COOKIE, session.csrf, { ...base, httpOnly: false, path: '/' });
}

export function clearSessionCookies(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { path: '/core/admin' });
  res.clearCookie(CSRF_COOKIE, { path: '/' });
}

export interface OperatorAuthDeps {
  db: Executor;
  clock: Clock;
  breakGlassToken: string;
}

/**
 * Who is calling /core/admin (routes then check what they may do, with permit()):
 * - `Authorization: Ops <token>`: the break-glass token (role 'breakGlass', refused by every permit())
 *   or an operator's personal API token ('cli' or 'api');
 * - else the console's session cookie, which must come with X-CSRF-Token equal to the CSRF cookie
 *   and to the one issued with the session (403 otherwise); 30 min idle, 12 h at most.
 * A credential that does not resolve leaves the request anonymous: the route's guard answers 401.
 */
export function operatorAuthentication({ db, clock, breakGlassToken }: OperatorAuthDeps): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('Authorization') ?? '';
    const principal = /^ops\s+/i.test(header)
      ? await principalOfHeader(db, clock, breakGlassToken, header.replace(/^ops\s+/i, '').trim())
      : await principalOfSession(db, clock, req);
    if (principal) req.operator = principal;
    next();
  };
}

/** `Authorization: Ops <token>`: the break-glass token, or a personal API token. */
async function principalOfHeader(
  db: Executor,
  clock: Clock,
  breakGlassToken: string,
  token: string,
): Promise<OperatorPrincipal | undefined> {
  if (!token) return undefined;
  if (sameSecret(token, breakGlassToken)) return { id: 0, login: 'break-glass', role: 'breakGlass', via: 'breakGlass' };
  return principalOfToken(db, clock, token);
}

/** The console's session cookie, with its CSRF header (a live session without it: 403). */
async function principalOfSession(db: Executor, clock: Clock, req: Request): Promise<OperatorPrincipal | undefined> {
  const cookies = cookiesOf(req);
  const cookie = cookies[SESSION_COOKIE];
  if (!cookie) return undefined;
  const found = await sessionOf(db, clock, cookie);
  if (!found || !isOperatorRole(found.operator.role)) return undefined;
  const csrf = req.get(CSRF_HEADER) ?? '';
  if (!csrf || csrf !== cookies[CSRF_COOKIE] || !sameSecret(sha256Hex(csrf), found.session.csrfHash)) throw new AppError('FORBIDDEN');
  await touchSession(db, clock, found.session);
  const { id, login, role } = found.operator;
  return { id, login, role, via: 'console', sessionId: String(found.session.id) };
}
