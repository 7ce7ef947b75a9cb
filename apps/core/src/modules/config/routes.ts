import { Router } from 'express';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import type { ConfigService } from './service';

const cfgQuery = z.object({
  sysCfgKeyEnum: z.string({ error: 'FIELD_INVALID' }).regex(/^[A-Za-z0-9_]{1,64}$/, { error: 'FIELD_INVALID' }),
});

export function configRoutes({ config }: { config: ConfigService }): Router {
  const router = Router();
  router.get('/app/config/getSysCfgValue', async (req, res) => {
    const { sysCfgKeyEnum } = parseInput(cfgQuery, req.query);
    ok(res, await config.getPublic(sysCfgKeyEnum));
  });
  router.get('/app/config/getDownloadUrl', async (_req, res) => {
    ok(res, await config.downloadInfo());
  });
  return router;
}
