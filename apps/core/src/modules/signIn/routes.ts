import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import type { SignInService } from './service';

/** No fields: the server's clock decides the day, never the client. */
const noInput = z.object({}).strip();

/** /app/signIn: the daily sign-in (specification point 7 names signStatus; signIn is ours, in the same style). */
export function signInRoutes({ db, clock, signIn }: { db: Database; clock: Clock; signIn: SignInService }): Router {
  const router = Router();
  router.use('/app/signIn', requireAuth);

  router.post('/app/signIn/signStatus', async (req, res) => {
    parseInput(noInput, req.body);
    ok(res, await signIn.status(caller(req).userId));
  });

  router.post('/app/signIn/signIn', async (req, res) => {
    const input = parseInput(noInput, req.body);
    const { userId } = caller(req);
    const scope = { userId, key: idempotencyKeyOf(req), route: 'signIn', input };
    const settings = await signIn.settings();
    ok(res, await runIdempotent(db, clock, scope, (tx) => signIn.signIn(tx, userId, settings)));
  });

  return router;
}
