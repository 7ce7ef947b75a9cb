import { AppError, OPERATOR_ROLES, permissionsOf } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { clientIp, type OperatorPrincipal } from '../../http/context';
import { ok } from '../../http/envelope';
import { breakGlassOnly, operatorOf, permit, publicRoute, signedIn } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import { actorOf } from '../audit';
import {
  bootstrapOwner,
  changeOperator,
  createOperator,
  findOperator,
  listOperators,
  resetOperatorSetup,
  signOutOperator,
} from './accounts';
import { createApiToken, listApiTokens, revokeApiToken } from './apiTokens';
import { clearSessionCookies, setSessionCookies } from './authenticate';
import { listSessions, revokeSession } from './sessions';
import { completeSetup, setupInfo } from './setup';
import { signIn } from './signIn';
import type { OperatorDeps } from './types';

const login = field.text(32).regex(/^[a-z0-9][a-z0-9._-]{1,31}$/, { error: 'FIELD_INVALID' });
const telegramId = z
  .string({ error: 'FIELD_INVALID' })
  .regex(/^\d{1,15}$/, { error: 'FIELD_INVALID' })
  .transform(Number)
  .optional();
const idParams = z.object({ id: field.integer(1, 999_999_999) });
const setupQuery = z.object({ token: field.text(100) });
const setupBody = z.object({
  token: field.text(100),
  // A long passphrase: the second factor guards it, but it is the operator's whole account.
  password: field.text(128).min(12, { error: 'PASSWORD_LENGTH' }),
  code: field.text(6),
});
const loginBody = z.object({ login: field.text(64), password: field.text(128), code: field.text(20) });
const createBody = z.object({ login, role: field.oneOf(OPERATOR_ROLES), telegramId });
const changeBody = z.object({
  role: field.oneOf(OPERATOR_ROLES).optional(),
  status: field.oneOf(['active', 'disabled']).optional(),
  // An empty value unlinks the Telegram account.
  telegramId: z
    .string({ error: 'FIELD_INVALID' })
    .regex(/^\d{0,15}$/, { error: 'FIELD_INVALID' })
    .transform((value) => (value === '' ? null : Number(value)))
    .optional(),
});
const tokenBody = z.object({ name: field.text(64).min(1, { error: 'FIELD_INVALID' }) });
const bootstrapBody = z.object({ login });

/** The setup link and sign-in: the only /core/admin routes reached without an operator credential. */
export function operatorPublicRoutes(deps: OperatorDeps): Router {
  const router = Router();
  router.get('/auth/setup', publicRoute(), async (req, res) => {
    ok(res, await setupInfo(deps, parseInput(setupQuery, req.query).token));
  });
  router.post('/auth/setup', publicRoute(), async (req, res) => {
    ok(res, await completeSetup(deps, clientIp(req), parseInput(setupBody, req.body)));
  });
  router.post('/auth/login', publicRoute(), async (req, res) => {
    const input = parseInput(loginBody, req.body);
    const signed = await signIn(deps, { ...input, address: clientIp(req), userAgent: req.get('User-Agent') ?? '' });
    setSessionCookies(req, res, signed.session);
    ok(res, { operator: signed.operator });
  });
  return router;
}

const me = (operator: OperatorPrincipal) => ({
  id: operator.id,
  login: operator.login,
  role: operator.role,
  permissions: operator.role === 'breakGlass' ? [] : permissionsOf(operator.role),
  via: operator.via,
});

/** The signed-in operator's own account: who they are, their sessions and API tokens. */
function ownRoutes(deps: OperatorDeps, router: Router): void {
  const { db, clock } = deps;
  router.get('/auth/me', signedIn(), async (req, res) => {
    const operator = operatorOf(req);
    const row = await findOperator(db, operator.id);
    ok(res, { ...me(operator), telegramId: row.telegramId });
  });
  router.post('/auth/logout', signedIn(), async (req, res) => {
    const operator = operatorOf(req);
    if (operator.sessionId) await revokeSession(db, clock, actorOf(req), Number(operator.sessionId));
    clearSessionCookies(res);
    ok(res, null);
  });
  router.get('/auth/sessions', signedIn(), async (req, res) => {
    const operator = operatorOf(req);
    ok(res, await listSessions(db, clock, operator.id, operator.sessionId));
  });
  router.post('/auth/sessions/:id/revoke', signedIn(), async (req, res) => {
    await revokeSession(db, clock, actorOf(req), parseInput(idParams, req.params).id);
    ok(res, null);
  });
  router.get('/auth/tokens', signedIn(), async (req, res) => {
    ok(res, await listApiTokens(db, operatorOf(req).id));
  });
  router.post('/auth/tokens', signedIn(), async (req, res) => {
    ok(res, await createApiToken(db, clock, actorOf(req), parseInput(tokenBody, req.body).name));
  });
  router.post('/auth/tokens/:id/revoke', signedIn(), async (req, res) => {
    await revokeApiToken(db, clock, actorOf(req), parseInput(idParams, req.params).id);
    ok(res, null);
  });
}

/** Operators' own account routes and the owner's management of operators; behind operatorAuthentication. */
export function operatorRoutes(deps: OperatorDeps): Router {
  const router = Router();
  ownRoutes(deps, router);
  router.get('/operators', permit('operators.manage'), async (_req, res) => {
    ok(res, await listOperators(deps.db));
  });
  router.post('/operators/bootstrap', breakGlassOnly(), async (req, res) => {
    ok(res, await bootstrapOwner(deps, actorOf(req), parseInput(bootstrapBody, req.body).login));
  });
  router.post('/operators', permit('operators.manage'), async (req, res) => {
    ok(res, await createOperator(deps, actorOf(req), parseInput(createBody, req.body)));
  });
  router.post('/operators/:id', permit('operators.manage'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const change = parseInput(changeBody, req.body);
    if (change.role === undefined && change.status === undefined && change.telegramId === undefined) throw new AppError('VALIDATION');
    ok(res, await changeOperator(deps, actorOf(req), id, change));
  });
  router.post('/operators/:id/signOut', permit('operators.manage'), async (req, res) => {
    await signOutOperator(deps, actorOf(req), parseInput(idParams, req.params).id);
    ok(res, null);
  });
  router.post('/operators/:id/resetSetup', permit('operators.manage'), async (req, res) => {
    ok(res, await resetOperatorSetup(deps, actorOf(req), parseInput(idParams, req.params).id));
  });
  return router;
}
