import { DEFAULT_LOCALE, isRtl, LOCALES, type Locale, localeFromTelegram } from '@prism/domain';
import { readStored, writeStored } from './storage';
import { telegram } from './telegram';

/**
 * The app's language: sent as Accept-Language, written to <html lang dir> (fa and ar read right
 * to left) and kept in storage under `prism.locale` (synced to Telegram's CloudStorage inside
 * Telegram). It is decided once at start-up by `startLocale()` (lib/i18n's initI18n), after
 * Telegram's launch data is read and the synced preferences are copied into storage: nothing is
 * read from storage when this module loads.
 */
const KEY = 'prism.locale';
/**
 * Set when this version settled the language: the user picked it, or a first run inside Telegram
 * took Telegram's. Versions before it stored en-US for every visitor, so an en-US stored without
 * the mark is not a choice (any other stored language was picked by the user).
 */
const SETTLED_KEY = 'prism.locale.settled';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A stored choice, or en-US (the specification's default) when there is none or it is unknown. */
export function pickLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * The start-up rule: a language the user settled wins (their own choice, or the Telegram language
 * a first run stored; see SETTLED_KEY for an en-US kept by older versions); else, launched from
 * Telegram, the user's Telegram language, to be stored so it stays even if Telegram's language
 * changes later; else the stored language or en-US, not stored.
 */
export function decideLocale(
  stored: string | null | undefined,
  settled: boolean,
  telegramLanguage: string | undefined,
): { locale: Locale; store: boolean } {
  const chosen = isLocale(stored) && (settled || stored !== DEFAULT_LOCALE);
  if (chosen) return { locale: stored, store: !settled };
  if (telegramLanguage) return { locale: localeFromTelegram(telegramLanguage), store: true };
  return { locale: pickLocale(stored), store: false };
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return isRtl(locale) ? 'rtl' : 'ltr';
}

export function applyLocaleTo(root: { lang: string; dir: string }, locale: Locale): void {
  root.lang = locale;
  root.dir = directionOf(locale);
}

let decided: Locale | undefined;
let markDecided: (locale: Locale) => void = () => {};
const decidedOnce = new Promise<Locale>((resolve) => {
  markDecided = resolve;
});

/**
 * Resolves once start-up has decided the language (startLocale). The Telegram sign-in waits for it
 * before it leaves: it tells the account its language (Accept-Language), which on a first run is
 * Telegram's and on a new device may come from CloudStorage, both known only then.
 */
export const localeDecided = (): Promise<Locale> => decidedOnce;

/**
 * The current language. Before start-up has decided (lib/early's preloads run first) it is the
 * stored one, read each time, so a preload guesses right for a returning user.
 */
export const getLocale = (): Locale => decided ?? pickLocale(readStored(KEY));

function apply(locale: Locale): void {
  decided = locale;
  if (typeof document !== 'undefined') applyLocaleTo(document.documentElement, locale);
}

function settle(locale: Locale): void {
  writeStored(KEY, locale);
  writeStored(SETTLED_KEY, '1');
}

/** Decides the start-up language (see decideLocale) and sets <html lang dir>; called once by initI18n. */
export function startLocale(): Locale {
  const { locale, store } = decideLocale(readStored(KEY), readStored(SETTLED_KEY) !== null, telegram().languageCode);
  if (store) settle(locale);
  apply(locale);
  markDecided(locale);
  return locale;
}

/** The user's own choice (LanguageScreen): stored, so it wins over Telegram's language from now on. */
export function rememberLocale(locale: Locale): void {
  settle(locale);
  apply(locale);
}
