import { type BotTransport, inviteArticle, isButtonUrl } from '@prism/bot';
import { AppError, type PreparedInvite, resolveLocale } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Logger } from '../../platform/logger';
import { findUserById, inviteLink } from '../user';

/** What the invite link is built from: the same settings the invite panel's link uses (user module's inviteLink). */
export interface InviteLinkSettings {
  publicUrl: string;
  botUsername: string | undefined;
  miniAppShortName: string | undefined;
}

export interface InviteSharingDeps {
  db: Database;
  logger: Logger;
  /** Absent without BOT_TOKEN: then nothing can be prepared. */
  transport: BotTransport | undefined;
  links: InviteLinkSettings;
}

/**
 * The invitation as a Telegram prepared message (contract 1 of issue 26): the Mini App's Share opens
 * Telegram's share sheet with it. The message is the bot's inline-mode card (same text, link and Join
 * button), in the account's language, saved for the caller's own linked Telegram user only.
 */
export function createInviteSharing({ db, logger, transport, links }: InviteSharingDeps) {
  return {
    async prepare(userId: number): Promise<PreparedInvite> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      const link = inviteLink(links, user.invitationCode);
      // Without the bot, or with only a relative web link (no BOT_USERNAME, no PUBLIC_URL), Telegram cannot carry it.
      if (!transport || !isButtonUrl(link)) throw new AppError('TELEGRAM_BOT_NOT_CONFIGURED');
      if (!user.telegramId) throw new AppError('TELEGRAM_NOT_LINKED');
      const article = inviteArticle(resolveLocale(user.locale), user.invitationCode, link);
      try {
        const prepared = await transport.prepareInlineMessage(user.telegramId, article);
        return { preparedMessageId: prepared.id, expiresAt: prepared.expiresAt.toISOString() };
      } catch (error) {
        const { deliveryFailureOf } = await import('@prism/bot/grammy');
        const failure = deliveryFailureOf(error);
        logger.warn({ userId, failure, err: error }, 'savePreparedInlineMessage failed');
        throw new AppError(failure === 'chat' ? 'BOT_UNREACHABLE' : 'TELEGRAM_UNREACHABLE');
      }
    },
  };
}

export type InviteSharing = ReturnType<typeof createInviteSharing>;
