import { Router } from 'express';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { TelegramLinkService } from './linkTokens';

/** Linking Telegram from a browser: the app asks for a one-time deep link into the bot. */
export function telegramRoutes({ telegramLink: links }: { telegramLink: TelegramLinkService }): Router {
  const router = Router();
  router.post('/app/user/telegram/linkToken', requireAuth, async (req, res) => {
    ok(res, await links.issue(caller(req).userId));
  });
  return router;
}
