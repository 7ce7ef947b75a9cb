import { AppError, checkCode, checkPassword, checkPhone, matchLocale } from '@prism/domain';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { clientIp } from '../../http/context';
import { ok } from '../../http/envelope';
import { field, parseInput, withConfirmedPassword } from '../../http/validate';
import type { AreaCodes } from '../config';
import { telegramOf } from './authenticate';
import type { AuthService } from './service';

const loginBody = z.object({
  phone: field.checked(checkPhone),
  areaCode: field.optionalText(4),
  password: field.checked((value) => (value ? null : 'PASSWORD_REQUIRED')),
});

const passwordWithCode = {
  phone: field.checked(checkPhone),
  areaCode: field.optionalText(4),
  password: field.checked(checkPassword),
  confirmPassword: field.optionalText(256),
  code: field.checked(checkCode),
};
const registerBody = withConfirmedPassword(z.object({ ...passwordWithCode, invitationCode: field.optionalText(16) }));
const resetBody = withConfirmedPassword(z.object(passwordWithCode));

export interface AuthRouteDeps {
  auth: AuthService;
  areaCodes: AreaCodes;
  limiter: RequestHandler;
}

export function authRoutes({ auth, areaCodes, limiter }: AuthRouteDeps): Router {
  const router = Router();

  router.post('/app/auth/register', limiter, async (req, res) => {
    const input = parseInput(registerBody, req.body);
    const areaCode = await areaCodes.resolve(input.areaCode);
    ok(res, await auth.register({ ...input, areaCode, locale: req.locale }, telegramOf(req)));
  });

  router.post('/app/auth/login', limiter, async (req, res) => {
    const input = parseInput(loginBody, req.body);
    ok(res, await auth.login({ ...input, locale: req.locale, address: clientIp(req) }, telegramOf(req)));
  });

  router.post('/app/auth/telegramLogin', limiter, async (req, res) => {
    const telegram = telegramOf(req);
    if (!telegram) throw new AppError('TELEGRAM_INIT_DATA_INVALID');
    // The app always says its language; a caller that names none of ours leaves the account's as it is.
    ok(res, await auth.telegramLogin(telegram, matchLocale(req.headers['accept-language'])));
  });

  router.post('/app/auth/resetLoginPwd', limiter, async (req, res) => {
    const input = parseInput(resetBody, req.body);
    const areaCode = await areaCodes.resolve(input.areaCode);
    await auth.resetLoginPassword({ ...input, areaCode, address: clientIp(req) }, req.auth);
    ok(res, null, 'Updated Successfully');
  });

  router.post('/app/auth/logout', requireAuth, async (req, res) => {
    await auth.logout(caller(req));
    ok(res, null);
  });

  return router;
}
