import { DEFAULT_TAP_RULE } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { TapService } from './service';

/** count 0 reads the state; a batch of taps needs the client's batch id (replays earn nothing). */
const tapBody = z
  .object({
    count: field.integer(0, DEFAULT_TAP_RULE.maxBatch),
    batchId: z
      .string({ error: 'FIELD_INVALID' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'FIELD_INVALID' })
      .optional(),
  })
  .refine((body) => body.count === 0 || body.batchId !== undefined, { path: ['batchId'], error: 'FIELD_INVALID' });

/** /app/taping/tapingV2: tap-to-earn, always encrypted by the codec (specification point 7). */
export function tapRoutes({ db, taps }: { db: Database; taps: TapService }): Router {
  const router = Router();
  router.post('/app/taping/tapingV2', requireAuth, async (req, res) => {
    const input = parseInput(tapBody, req.body);
    const { userId } = caller(req);
    const settings = await taps.settings();
    ok(res, await db.transaction((tx) => taps.tap(tx, userId, { count: input.count, batchId: input.batchId }, settings)));
  });
  return router;
}
