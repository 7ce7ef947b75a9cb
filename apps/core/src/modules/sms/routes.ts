import { AppError, checkPhone } from '@prism/domain';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { AreaCodes } from '../config';
import { findUserById, findUserByPhone } from '../user';
import type { SmsCodeSender } from './sender';

const noAuthBody = z.object({
  phone: field.checked(checkPhone),
  areaCode: field.optionalText(4),
  type: field.oneOf(['register', 'resetLoginPwd']),
});
const userBody = z.object({ type: field.oneOf(['resetLoginPwd', 'resetAssetPwd']) });

export interface SmsRouteDeps {
  db: Database;
  send: SmsCodeSender;
  areaCodes: AreaCodes;
  limiter: RequestHandler;
}

export function smsRoutes({ db, send, areaCodes, limiter }: SmsRouteDeps): Router {
  const router = Router();

  router.post('/app/sms/sendSmsCodeNoAuth', limiter, async (req, res) => {
    const input = parseInput(noAuthBody, req.body);
    const areaCode = await areaCodes.resolve(input.areaCode);
    const existing = await findUserByPhone(db, input.phone, areaCode);
    if (input.type === 'register' && existing) throw new AppError('PHONE_REGISTERED');
    if (input.type === 'resetLoginPwd' && !existing) throw new AppError('PHONE_NOT_REGISTERED');
    ok(res, await send(input.type, areaCode, input.phone, req.locale));
  });

  router.post('/app/sms/sendUserCode', requireAuth, limiter, async (req, res) => {
    const input = parseInput(userBody, req.body);
    const user = await findUserById(db, caller(req).userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    ok(res, await send(input.type, user.areaCode, user.phone, req.locale));
  });

  return router;
}
