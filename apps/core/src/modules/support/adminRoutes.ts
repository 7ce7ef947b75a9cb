import { PAGE_NO_MAX, PAGE_SIZE, PAGE_SIZE_MAX, SUPPORT_PAGE_SIZE, SUPPORT_PAGE_SIZE_MAX, SUPPORT_TEXT_MAX } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import { actorOf } from '../audit';
import type { SupportService } from './service';

const ID_MAX = Number.MAX_SAFE_INTEGER;
const idParams = z.object({ id: field.integer(1, ID_MAX) });
const listQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() });
const pageQuery = z.object({
  before: field.integer(1, ID_MAX).optional(),
  limit: field.integer(1, SUPPORT_PAGE_SIZE_MAX).optional(),
});
const replyBody = z.object({ text: field.text(SUPPORT_TEXT_MAX) });
const readBody = z.object({ upTo: field.integer(1, ID_MAX).optional() });

/** An operator's answer comes from the console or from an API token (`npm run ops`, scripts). */
const viaOf = (via: string) => (via === 'console' ? 'console' : 'api');

/**
 * /admin/support: the players' conversations for operators whose role holds support.read (list,
 * read, mark read) and support.answer (reply, audited as 'support.reply').
 */
export function supportAdminRoutes({ support }: { support: SupportService }): Router {
  const router = Router();
  router.get('/support/conversations', permit('support.read'), async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(listQuery, req.query);
    ok(res, await support.list(pageNo, pageSize));
  });
  router.get('/support/conversations/:id', permit('support.read'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { before, limit = SUPPORT_PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await support.conversation(id, before, limit));
  });
  router.post('/support/conversations/:id/reply', permit('support.answer'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { text } = parseInput(replyBody, req.body);
    const actor = actorOf(req);
    ok(res, await support.reply(id, actor, { text, via: viaOf(actor.operator.via) }));
  });
  router.post('/support/conversations/:id/read', permit('support.read'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { upTo } = parseInput(readBody, req.body);
    ok(res, { unread: await support.markReadByOperator(id, upTo) });
  });
  return router;
}
