import { PAGE_NO_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import type { BroadcastService } from './service';

/** Telegram's limit for one message is 4096 characters; title and text together stay below it. */
export const BROADCAST_TITLE_MAX = 100;
export const BROADCAST_TEXT_MAX = 3900;

const required = (max: number) =>
  field
    .text(max)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { error: 'FIELD_INVALID' });

const createBody = z.object({
  title: required(BROADCAST_TITLE_MAX),
  text: required(BROADCAST_TEXT_MAX),
  createdBy: field.optionalText(64),
});
const pageQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() });

/**
 * /admin/broadcasts: the operator sends and lists broadcasts (`npm run ops -- broadcast`, or the bot's
 * /broadcast). A new broadcast has nothing to be stale against; its audit row follows it in the same
 * request (the service writes on its own connection).
 */
export function broadcastAdminRoutes({ broadcasts, db, clock }: { broadcasts: BroadcastService; db: Database; clock: Clock }): Router {
  const router = Router();
  router.post('/broadcasts', permit('content.manage'), async (req, res) => {
    const input = parseInput(createBody, req.body);
    const created = await broadcasts.create({
      title: input.title,
      text: input.text,
      createdBy: input.createdBy ?? req.operator?.login ?? 'ops',
    });
    await recordAudit(db, clock, actorOf(req), {
      action: 'broadcast.create',
      target: { type: 'broadcast', id: created.id },
      after: created,
    });
    ok(res, created);
  });
  router.get('/broadcasts', permit('content.manage'), async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await broadcasts.list(pageNo, pageSize));
  });
  return router;
}
