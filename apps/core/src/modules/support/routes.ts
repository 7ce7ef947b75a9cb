import { SUPPORT_PAGE_SIZE, SUPPORT_PAGE_SIZE_MAX, SUPPORT_TEXT_MAX, type SupportLiveEvent } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { streamBusEvents } from '../../http/eventStream';
import { createRateLimiter } from '../../http/rateLimit';
import { createStreamLimiter, type StreamLimits } from '../../http/streamLimit';
import { field, parseInput } from '../../http/validate';
import type { SupportService } from './service';

const ID_MAX = Number.MAX_SAFE_INTEGER;
const sendBody = z.object({
  text: field.text(SUPPORT_TEXT_MAX).optional(),
  attachmentUrl: field.optionalText(200),
});
const pageQuery = z.object({
  before: field.integer(1, ID_MAX).optional(),
  limit: field.integer(1, SUPPORT_PAGE_SIZE_MAX).optional(),
});
const readBody = z.object({ upTo: field.integer(1, ID_MAX).optional() });

/**
 * /app/support: the signed-in player's own conversation, and nobody else's (every call is keyed by
 * the caller). Sending is rate-limited per player (only signed-in players send, so a per-IP limit
 * would only slow players who share an address); the live stream takes a place like the game's
 * (per IP and per user).
 */
export function supportRoutes(deps: { support: SupportService; perMinute: number; streams: StreamLimits }): Router {
  const { support } = deps;
  const router = Router();
  const perUser = createRateLimiter(deps.perMinute, (req) => `user:${caller(req).userId}`);
  const limiter = createStreamLimiter(deps.streams);
  router.use('/app/support', requireAuth);

  router.post('/app/support/send', perUser, async (req, res) => {
    const input = parseInput(sendBody, req.body);
    ok(res, await support.send(caller(req).userId, { text: input.text ?? '', attachmentUrl: input.attachmentUrl }));
  });
  router.get('/app/support/messages', async (req, res) => {
    const { before, limit = SUPPORT_PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await support.thread(caller(req).userId, before, limit));
  });
  router.get('/app/support/unread', async (req, res) => {
    ok(res, { unread: await support.unread(caller(req).userId) });
  });
  router.post('/app/support/read', async (req, res) => {
    const { upTo } = parseInput(readBody, req.body);
    ok(res, { unread: await support.markRead(caller(req).userId, upTo) });
  });
  // New messages of the caller's own conversation, from whichever process wrote them.
  router.get('/app/support/events', (req, res) => {
    const userId = caller(req).userId;
    const release = limiter.acquire(req);
    streamBusEvents(
      res,
      support.events,
      (event) => {
        if (event.type !== 'support_message' || event.userId !== userId) return undefined;
        const data: SupportLiveEvent = { type: 'support_message', messageId: event.messageId, author: event.author };
        return { name: event.type, data };
      },
      release,
    );
  });
  return router;
}
