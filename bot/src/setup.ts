import { DEFAULT_LOCALE, LOCALES } from '@prism/domain';
import type { Api } from 'grammy';
import type { BotCommand, LanguageCode } from 'grammy/types';
import type { BotConfig } from './context';
import { settingsTexts } from './features/settingsTexts';
import { isWebAppUrl } from './features/startAnswer';
import { inviteTexts } from './inviteTexts';
import { botTexts } from './texts';

/** The command menu in one of our languages. */
export function botCommandsFor(languageCode: string | undefined): BotCommand[] {
  const t = botTexts(languageCode);
  return [
    { command: 'start', description: t.commands.start },
    { command: 'invite', description: inviteTexts(languageCode).command },
    { command: 'settings', description: settingsTexts(languageCode).command },
    { command: 'help', description: t.commands.help },
  ];
}

/**
 * What users see before they write anything, set once at start-up: the command
 * menu in every language (Telegram picks it by the user's two-letter language,
 * English for the rest) and, when the Mini App is on HTTPS, a menu button that
 * opens it. Local runs on http:// keep Telegram's default menu button.
 */
export async function configureBotProfile(api: Api, config: Pick<BotConfig, 'miniAppUrl'>): Promise<void> {
  await api.setMyCommands(botCommandsFor(DEFAULT_LOCALE));
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const language = locale.split('-')[0] ?? locale; // setMyCommands takes ISO 639-1 codes only: zh-TW -> zh
    await api.setMyCommands(botCommandsFor(locale), { language_code: language as LanguageCode });
  }
  if (isWebAppUrl(config.miniAppUrl)) {
    await api.setChatMenuButton({
      menu_button: { type: 'web_app', text: botTexts(DEFAULT_LOCALE).openApp, web_app: { url: config.miniAppUrl } },
    });
  }
}

export interface ProfileRetryOptions {
  /** First wait after a failure (ms); doubled after each, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told of each failure and the wait before the next try. */
  onFailure?: (error: unknown, delayMs: number) => void;
}

/**
 * `configureBotProfile`, tried again with growing waits until it succeeds, in the background: the bot
 * starts at once, and a Telegram outage at start-up no longer leaves the bot without its menus until the
 * next restart. `done` resolves once set (or stopped); `stop` ends the retries (shutdown).
 */
export function configureBotProfileUntilSet(
  api: Api,
  config: Pick<BotConfig, 'miniAppUrl'>,
  options: ProfileRetryOptions = {},
): { done: Promise<void>; stop: () => void } {
  const base = options.baseDelayMs ?? 1_000;
  const max = options.maxDelayMs ?? 5 * 60_000;
  let stopped = false;
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const done = (async () => {
    for (let delay = base; !stopped; delay = Math.min(max, delay * 2)) {
      try {
        await configureBotProfile(api, config);
        return;
      } catch (error) {
        if (stopped) return;
        options.onFailure?.(error, delay);
        await pause(delay);
      }
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
      wake();
    },
  };
}
