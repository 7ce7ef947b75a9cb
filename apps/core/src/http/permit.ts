import { AppError, type Permission, roleCan } from '@prism/domain';
import type { Request, RequestHandler } from 'express';
import type { OperatorPrincipal } from './context';

/**
 * Every /core/admin route declares its permission with this guard, placed before its handler:
 * `router.post('/withdrawals/:id/approve', permit('withdrawals.review'), handler)`.
 * No operator: 401. An operator whose role lacks it (or the break-glass token): 403.
 * The guard carries its permission, so the role-matrix test can walk the routes and read it.
 */
export function permit(permission: Permission): RequestHandler & { permission: Permission; access: Access } {
  const guard: RequestHandler = (req, _res, next) => {
    const operator = req.operator;
    if (!operator) throw new AppError('UNAUTHORIZED');
    if (operator.role === 'breakGlass' || !roleCan(operator.role, permission)) throw new AppError('FORBIDDEN');
    next();
  };
  return Object.assign(guard, { permission, access: permission });
}

/**
 * The rule a /core/admin route declares, read by the role-matrix walk: a permission, any signed-in
 * operator (their own sessions and tokens), the break-glass token alone (the first owner), or
 * public (the setup link and sign-in, whose input is the credential).
 */
export type Access = Permission | 'signedIn' | 'breakGlass' | 'public';

/** Any operator with a role (not the break-glass token): for what concerns only themselves. */
export function signedIn(): RequestHandler & { access: Access } {
  const guard: RequestHandler = (req, _res, next) => {
    if (!req.operator) throw new AppError('UNAUTHORIZED');
    if (req.operator.role === 'breakGlass') throw new AppError('FORBIDDEN');
    next();
  };
  return Object.assign(guard, { access: 'signedIn' as const });
}

/** Only the break-glass token (OPS_TOKEN): the one route it opens, creating the first owner. */
export function breakGlassOnly(): RequestHandler & { access: Access } {
  const guard: RequestHandler = (req, _res, next) => {
    if (!req.operator) throw new AppError('UNAUTHORIZED');
    if (req.operator.role !== 'breakGlass') throw new AppError('FORBIDDEN');
    next();
  };
  return Object.assign(guard, { access: 'breakGlass' as const });
}

/** A route open to anyone: declared, so the walk knows it was meant to be. */
export function publicRoute(): RequestHandler & { access: Access } {
  const guard: RequestHandler = (_req, _res, next) => next();
  return Object.assign(guard, { access: 'public' as const });
}

/** The operator, in a handler behind permit(). */
export function operatorOf(req: Request): OperatorPrincipal {
  if (!req.operator) throw new AppError('UNAUTHORIZED');
  return req.operator;
}
