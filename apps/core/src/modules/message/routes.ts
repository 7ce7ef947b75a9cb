import { PAGE_NO_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { MessageService } from './service';

const pageQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() });
const idInput = z.object({ id: field.integer(1, Number.MAX_SAFE_INTEGER) });

/** /app/sysMessage: the user's system messages (only their own). */
export function messageRoutes({ messages }: { messages: MessageService }): Router {
  const router = Router();
  router.use('/app/sysMessage', requireAuth);

  router.get('/app/sysMessage/findUserMsgList', async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await messages.list(caller(req).userId, pageNo, pageSize, req.locale));
  });

  router.get('/app/sysMessage/get', async (req, res) => {
    const { id } = parseInput(idInput, req.query);
    ok(res, await messages.get(caller(req).userId, id, req.locale));
  });

  router.post('/app/sysMessage/readMsg', async (req, res) => {
    const { id } = parseInput(idInput, req.body);
    await messages.markRead(caller(req).userId, id);
    ok(res, null);
  });

  return router;
}
