import { PREPARE_INVITE_ROUTE } from '@prism/domain';
import { Router } from 'express';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { InviteSharing } from './invite';
import type { TelegramLinkService } from './linkTokens';

/**
 * Linking Telegram from a browser (a one-time deep link into the bot), and the invitation as a
 * Telegram prepared message for the Mini App's share sheet. Both act on the caller's own account:
 * neither takes an account or Telegram id from the request.
 */
export function telegramRoutes({
  telegramLink: links,
  inviteSharing,
}: {
  telegramLink: TelegramLinkService;
  inviteSharing: InviteSharing;
}): Router {
  const router = Router();
  router.post('/app/user/telegram/linkToken', requireAuth, async (req, res) => {
    ok(res, await links.issue(caller(req).userId));
  });
  router.post(PREPARE_INVITE_ROUTE, requireAuth, async (req, res) => {
    ok(res, await inviteSharing.prepare(caller(req).userId));
  });
  return router;
}
