import { AppError, TELEGRAM_LINK_VALID_SECONDS, type TelegramLinkToken } from '@prism/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../platform/clock';
import { sha256Hex } from '../../platform/hash';
import { type Random, randomString } from '../../platform/random';
import { findUserById } from '../user';
import { linkTelegram, type TelegramIdentity } from './link';
import { telegramLinkTokens } from './schema';

/** The deep-link payload prefix the bot recognises (`/start link_<token>`). */
export const LINK_PAYLOAD_PREFIX = 'link_';
/** 32 characters of a 62-letter alphabet (~190 bits): unguessable, and well inside Telegram's 64-character start payload. */
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_LENGTH = 32;

const hashOf = (token: string) => sha256Hex(token);

export interface TelegramLinkDeps {
  db: Database;
  clock: Clock;
  random: Random;
  /** Without it the answer has no t.me link, only the payload to send to the bot. */
  botUsername: string | undefined;
}

/**
 * Linking Telegram from a browser: the logged-in user asks for a one-time,
 * short-lived token; the bot (or, without a bot, the sandbox's simulated Start)
 * consumes it for the Telegram user who pressed Start.
 */
export function createTelegramLinkService({ db, clock, random, botUsername }: TelegramLinkDeps) {
  return {
    async issue(userId: number): Promise<TelegramLinkToken> {
      const now = clock.now();
      // 190 random bits do not collide in practice; if they ever did, another draw, not a 500.
      let token = '';
      for (let attempt = 0; !token; attempt++) {
        const candidate = randomString(random, TOKEN_ALPHABET, TOKEN_LENGTH);
        const [row] = await db
          .insert(telegramLinkTokens)
          .values({
            tokenHash: hashOf(candidate),
            userId,
            createdAt: now,
            expiresAt: new Date(now.getTime() + TELEGRAM_LINK_VALID_SECONDS * 1000),
          })
          .onConflictDoNothing()
          .returning({ tokenHash: telegramLinkTokens.tokenHash });
        if (row) token = candidate;
        else if (attempt >= 4) throw new Error('could not draw a free Telegram link token (is the randomness broken?)');
      }
      const payload = `${LINK_PAYLOAD_PREFIX}${token}`;
      return { payload, link: botUsername ? `https://t.me/${botUsername}?start=${payload}` : null, expiresIn: TELEGRAM_LINK_VALID_SECONDS };
    },

    /**
     * Links the account behind the token to this Telegram user, once. Refusals:
     * unknown, used, expired token; a Telegram user linked to another account
     * (11011) or an account linked to another Telegram user (11016), which leave the token usable.
     */
    async consume(token: string, telegram: TelegramIdentity): Promise<void> {
      try {
        await consumeOnce(token, telegram);
      } catch (error) {
        // Two accounts linking the same Telegram user at once: the unique index lets one win.
        if (isUniqueViolation(error)) throw new AppError('TELEGRAM_LINKED_ELSEWHERE');
        throw error;
      }
    },
  };

  async function consumeOnce(token: string, telegram: TelegramIdentity): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(telegramLinkTokens)
        .where(eq(telegramLinkTokens.tokenHash, hashOf(token)));
      if (!row) throw new AppError('TELEGRAM_LINK_UNKNOWN');
      if (row.consumedAt) throw new AppError('TELEGRAM_LINK_USED');
      if (row.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('TELEGRAM_LINK_EXPIRED');
      const user = await findUserById(tx, row.userId);
      if (!user) throw new AppError('TELEGRAM_LINK_UNKNOWN');
      // Single use: of two concurrent presses only one consumes the token.
      const consumed = await tx
        .update(telegramLinkTokens)
        .set({ consumedAt: clock.now() })
        .where(and(eq(telegramLinkTokens.tokenHash, row.tokenHash), isNull(telegramLinkTokens.consumedAt)))
        .returning({ userId: telegramLinkTokens.userId });
      if (consumed.length === 0) throw new AppError('TELEGRAM_LINK_USED');
      await linkTelegram(tx, user, telegram);
    });
  }
}

export type TelegramLinkService = ReturnType<typeof createTelegramLinkService>;
