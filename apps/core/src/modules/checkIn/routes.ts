import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { CheckInService } from './service';

/** No fields: the server's clock decides the day, never the client. */
const noInput = z.object({}).strip();

/** /app/signIn: the daily check-in (wire names from the specification: point 7 names signStatus; signIn is ours, in the same style). */
export function checkInRoutes({ db, clock, checkIn }: { db: Database; clock: Clock; checkIn: CheckInService }): Router {
  const router = Router();
  router.use('/app/signIn', requireAuth);

  router.post('/app/signIn/signStatus', async (req, res) => {
    parseInput(noInput, req.body);
    ok(res, await checkIn.status(caller(req).userId));
  });

  router.post('/app/signIn/signIn', async (req, res) => {
    const input = parseInput(noInput, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'signIn', input }; // stored idempotency scope: keeps its wire name
    const settings = await checkIn.settings();
    ok(res, await runIdempotent(db, clock, scope, (tx) => checkIn.checkIn(tx, userId, settings)));
  });

  return router;
}
