import type { Context } from 'grammy';

/** The Telegram user the bot is talking to, as core needs it. */
export interface TelegramUserRef {
  id: number;
  username?: string | undefined;
  languageCode?: string | undefined;
}

/** A refusal carries the message to show, already in the user's language. */
export type AccountOutcome = { ok: true } | { ok: false; message: string };

/** What the bot asks core about accounts; core implements it with its own services. */
export interface BotAccounts {
  /** Whether an invitation code belongs to an account (only real codes are shown as invitations). */
  invitationExists(code: string): Promise<boolean>;
  /** The account linked to this Telegram user, if any (core refreshes the stored username on the way). */
  linkedAccount(user: TelegramUserRef): Promise<{ invitationCode: string } | undefined>;
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
}

export type BotContext = Context & { config: BotConfig };
