import { confirmsDeletion, MY_DATA_FORMATS } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { PrivacyService } from './service';

const exportQuery = z.object({ format: field.oneOf(MY_DATA_FORMATS).optional() });

/** The login password again and the typed confirmation word. */
const deleteBody = z.object({
  password: field
    .text(256)
    .optional()
    .refine((value) => Boolean(value), { error: 'PASSWORD_REQUIRED' })
    .transform((value) => value ?? ''),
  confirmation: field
    .text(64, 'DELETE_CONFIRMATION')
    .optional()
    .refine((value) => value !== undefined && confirmsDeletion(value), { error: 'DELETE_CONFIRMATION' }),
});

export function privacyRoutes({ privacy }: { privacy: PrivacyService }): Router {
  const router = Router();
  router.use('/app/user/myData', requireAuth);

  router.get('/app/user/myData/export', async (req, res) => {
    const query = parseInput(exportQuery, req.query);
    await privacy.exportTo(res, caller(req).userId, query.format ?? 'json', req.locale);
  });

  router.get('/app/user/myData/deletable', async (req, res) => {
    ok(res, await privacy.deletable(caller(req).userId));
  });

  router.post('/app/user/myData/delete', async (req, res) => {
    const input = parseInput(deleteBody, req.body);
    await privacy.deleteAccount(caller(req).userId, input.password);
    ok(res, null, 'Your account has been deleted');
  });

  return router;
}
