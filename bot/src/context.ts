import type { Locale } from '@prism/domain';
import type { Context } from 'grammy';
import type { BotNotificationSettings } from './features/settings';

/** The Telegram user the bot is talking to, as core needs it. */
export interface TelegramUserRef {
  id: number;
  username?: string | undefined;
  languageCode?: string | undefined;
}

/** A refusal carries the message to show, already in the user's language. */
export type AccountOutcome = { ok: true } | { ok: false; message: string };

/** A Prism account linked to the Telegram user the bot talks to. */
export interface LinkedAccount {
  invitationCode: string;
  /** The invite link the app's invite panel shows (core builds it: t.me/<bot>/<app>?startapp=<code>, or the web link). */
  inviteLink: string;
  /** The account's language: the bot speaks it to a linked user, whatever the Telegram client's language. */
  locale: Locale;
}

/** What the bot asks core about accounts; core implements it with its own services. */
export interface BotAccounts {
  /** Whether an invitation code belongs to an account (only real codes are shown as invitations). */
  invitationExists(code: string): Promise<boolean>;
  /** The account linked to this Telegram user, if any (core refreshes the stored username on the way). */
  linkedAccount(user: TelegramUserRef): Promise<LinkedAccount | undefined>;
  /** Links this Telegram user to the account that created the one-time link token. */
  link(token: string, user: TelegramUserRef): Promise<AccountOutcome>;
}

/** What every feature composer may read: set once by createBot. */
export interface BotConfig {
  /** The HTTPS address of the Mini App (Telegram only opens HTTPS web apps). */
  miniAppUrl: string;
  /** With it, links go to t.me/<bot>/<shortName>?startapp=<code>. */
  miniAppShortName?: string | undefined;
  /** Core's accounts; without it (bot-only runs) invitation codes cannot be checked, so none is shown. */
  accounts?: BotAccounts | undefined;
  /** The player's notification choices (/settings; /start clears a block); without it there is no /settings. */
  notifications?: BotNotificationSettings | undefined;
}

/** What the bot knows about the sender of this update, looked up at most once per update (see bot.ts). */
export interface SenderInfo {
  /** The sender's linked account; undefined when not linked, or without core (bot-only runs). */
  account: () => Promise<LinkedAccount | undefined>;
  /**
   * The one language the bot speaks to this user: the account's locale when linked, else the Telegram
   * client's language_code mapped with localeFromTelegram (the same rule the Mini App applies).
   */
  locale: () => Promise<Locale>;
}

export type BotContext = Context & { config: BotConfig } & SenderInfo;
