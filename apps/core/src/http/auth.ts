import { AppError } from '@prism/domain';
import type { Request, RequestHandler } from 'express';

/*
 * Who the caller is gets decided by the auth module's `authenticate` middleware,
 * which fills `req.auth` (or `req.authFailure`); see context.ts. These guards
 * only read what it recorded, so plumbing depends on no feature.
 */

/** Refuses the request unless `authenticate` found a valid caller. Unlinked Telegram users get 401 too. */
export const requireAuth: RequestHandler = (req, _res, next) => {
  if (req.auth) return next();
  const failure = req.authFailure;
  throw new AppError(failure === 'SESSION_REPLACED' || failure === 'ACCOUNT_DISABLED' ? failure : 'UNAUTHORIZED');
};

/** The caller, in a handler behind requireAuth. */
export function caller(req: Request) {
  if (!req.auth) throw new AppError('UNAUTHORIZED');
  return req.auth;
}
