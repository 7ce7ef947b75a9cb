import type { Context } from 'grammy';

/** What every feature composer may read: set once by createBot. */
export interface BotConfig {
  /** The HTTPS address of the Mini App (Telegram only opens HTTPS web apps). */
  miniAppUrl: string;
  /** With it, links go to t.me/<bot>/<shortName>?startapp=<code>. */
  miniAppShortName?: string | undefined;
}

export type BotContext = Context & { config: BotConfig };
