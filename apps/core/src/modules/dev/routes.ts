import { Router } from 'express';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { latestBotMessages } from '../notify';
import { latestSmsOutbox } from '../sms';

/**
 * Development only (DEV_OUTBOX): the latest SMS and bot messages, so that a
 * developer, a demo user or a browser test can read the codes the outbox
 * providers "sent". Never mounted in production.
 */
export function devRoutes({ db }: { db: Database }): Router {
  const router = Router();
  router.get('/dev/outbox', async (_req, res) => {
    const [sms, bot] = await Promise.all([latestSmsOutbox(db, 50), latestBotMessages(db, 50)]);
    ok(res, { sms, bot });
  });
  return router;
}
