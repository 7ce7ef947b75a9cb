import { validate } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';

/** What we keep from validated Mini App launch data. */
export interface TelegramLaunch {
  telegramId: number;
  username: string | undefined;
  firstName: string;
  languageCode: string | undefined;
  startParam: string | undefined;
  authDate: Date;
}

export type InitDataResult = { ok: true; launch: TelegramLaunch } | { ok: false };

const telegramUser = z.object({
  id: z.number().int().positive(),
  first_name: z.string().default(''),
  username: z.string().optional(),
  language_code: z.string().optional(),
});

/**
 * Validates raw initData with the bot token (HMAC as Telegram specifies) and
 * checks `auth_date` against our clock: not older than `ttlSeconds`, not from
 * the future. The user's word is never taken: no valid signature, no identity.
 */
export function validateInitData(raw: string, botToken: string | undefined, clock: Clock, ttlSeconds: number): InitDataResult {
  if (!botToken || raw.length === 0 || raw.length > 8192) return { ok: false };
  try {
    // Expiry is checked below against the injected clock, not the library's Date.now().
    validate(raw, botToken, { expiresIn: 0 });
    const params = new URLSearchParams(raw);
    const authDate = new Date(Number(params.get('auth_date')) * 1000);
    const user = telegramUser.safeParse(JSON.parse(params.get('user') ?? 'null'));
    const age = (clock.now().getTime() - authDate.getTime()) / 1000;
    if (!user.success || Number.isNaN(age) || age > ttlSeconds || age < -300) return { ok: false };
    return {
      ok: true,
      launch: {
        telegramId: user.data.id,
        username: user.data.username || undefined,
        firstName: user.data.first_name,
        languageCode: user.data.language_code,
        startParam: params.get('start_param') ?? undefined,
        authDate,
      },
    };
  } catch {
    return { ok: false };
  }
}
