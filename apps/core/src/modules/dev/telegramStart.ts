import { answerStart, type BotConfig } from '@prism/bot';
import { Router } from 'express';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { field, parseInput } from '../../http/validate';
import type { Notifier } from '../notify';

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

/** What the dev bot's Start needs: the same bot configuration the bot gets in server.ts, and the outbox to post to. */
export interface DevTelegramDeps {
  bot: BotConfig;
  botUsername: string | undefined;
  notifier: Notifier;
}

/**
 * Development only (DEV_OUTBOX): "press Start" in the bot without Telegram.
 * Runs the bot's own /start answer for the given Telegram user (so a link
 * token is consumed exactly as the bot would) and puts the reply in the bot
 * outbox, where the sandbox shows what the bot said.
 */
export function devTelegramRoutes({ bot, botUsername, notifier }: DevTelegramDeps): Router {
  const router = Router();
  router.post('/dev/telegram/start', async (req, res) => {
    const input = parseInput(startBody, req.body);
    const reply = await answerStart(
      {
        payload: payloadOf(input.start),
        from: { id: input.telegramId, first_name: input.firstName ?? '', username: input.username, language_code: input.languageCode },
        chatType: 'private',
        botUsername,
      },
      bot,
    );
    await notifier.notifyChat(input.telegramId, 'start', reply);
    ok(res, reply);
  });
  return router;
}
