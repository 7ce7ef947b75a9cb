import { answerStart } from '@prism/bot';
import { Router } from 'express';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import { publicUrlOf, type Services } from '../../services';

const startBody = z.object({
  /** What the user opened: the t.me deep link, or just its start payload (link_<token>, an invitation code). */
  start: field.optionalText(512),
  telegramId: field.integer(1, 999_999_999),
  username: z
    .string({ error: 'FIELD_INVALID' })
    .regex(/^[A-Za-z0-9_]{0,32}$/, { error: 'FIELD_INVALID' })
    .optional()
    .transform((value) => value || undefined),
  firstName: field.optionalText(64),
  languageCode: field.optionalText(16),
});

/** `https://t.me/<bot>?start=<payload>` or `<payload>` -> payload. */
function payloadOf(start: string | undefined): string {
  if (!start) return '';
  if (!/^https?:\/\//.test(start)) return start;
  return new URL(start).searchParams.get('start') ?? '';
}

/**
 * Development only (DEV_OUTBOX): "press Start" in the bot without Telegram.
 * Runs the bot's own /start answer for the given Telegram user (so a link
 * token is consumed exactly as the bot would) and puts the reply in the bot
 * outbox, where the sandbox shows what the bot said.
 */
export function devTelegramRoutes(config: Config, services: Services): Router {
  const router = Router();
  // The same configuration the bot gets in server.ts.
  const bot = {
    miniAppUrl: config.MINI_APP_URL ?? publicUrlOf(config),
    miniAppShortName: config.MINI_APP_SHORT_NAME,
    accounts: services.bot.accounts,
  };
  router.post('/dev/telegram/start', async (req, res) => {
    const input = parseInput(startBody, req.body);
    const reply = await answerStart(
      {
        payload: payloadOf(input.start),
        from: { id: input.telegramId, first_name: input.firstName ?? '', username: input.username, language_code: input.languageCode },
        chatType: 'private',
        botUsername: config.BOT_USERNAME,
      },
      bot,
    );
    await services.notifier.notifyChat(input.telegramId, 'start', reply);
    ok(res, reply);
  });
  return router;
}
