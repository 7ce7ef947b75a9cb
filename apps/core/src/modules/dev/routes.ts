import { desc } from 'drizzle-orm';
import { Router } from 'express';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { botOutbox } from '../notify/schema';
import { smsOutbox } from '../sms/schema';

/**
 * Development only (DEV_OUTBOX): the latest SMS and bot messages, so that a
 * developer, a demo user or a browser test can read the codes the outbox
 * providers "sent". Never mounted in production.
 */
export function devRoutes({ db }: { db: Database }): Router {
  const router = Router();
  router.get('/dev/outbox', async (_req, res) => {
    const [sms, bot] = await Promise.all([
      db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(50),
      db.select().from(botOutbox).orderBy(desc(botOutbox.id)).limit(50),
    ]);
    ok(res, { sms, bot });
  });
  return router;
}
