import { AppError, type Permission, roleCan } from '@prism/domain';
import type { Request, RequestHandler } from 'express';
import type { OperatorPrincipal } from './context';

/**
 * Every /core/admin route declares its permission with this guard, placed before its handler:
 * `router.post('/withdrawals/:id/approve', permit('withdrawals.review'), handler)`.
 * No operator: 401. An operator whose role lacks it (or the break-glass token): 403.
 * The guard carries its permission, so the role-matrix test can walk the routes and read it.
 */
export function permit(permission: Permission): RequestHandler & { permission: Permission } {
  const guard: RequestHandler = (req, _res, next) => {
    const operator = req.operator;
    if (!operator) throw new AppError('UNAUTHORIZED');
    if (operator.role === 'breakGlass' || !roleCan(operator.role, permission)) throw new AppError('FORBIDDEN');
    next();
  };
  return Object.assign(guard, { permission });
}

/** The operator, in a handler behind permit(). */
export function operatorOf(req: Request): OperatorPrincipal {
  if (!req.operator) throw new AppError('UNAUTHORIZED');
  return req.operator;
}
