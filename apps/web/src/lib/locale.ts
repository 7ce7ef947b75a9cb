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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A stored choice, or en-US (the specification's default) when there is none or it is unknown. */
export function pickLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * The start-up rule: a stored language wins (the user's own choice, or the Telegram language a
 * first run stored); else, launched from Telegram, the user's Telegram language, to be stored so it
 * stays even if Telegram's language changes later; else en-US, not stored.
 */
export function decideLocale(stored: string | null | undefined, telegramLanguage: string | undefined): { locale: Locale; store: boolean } {
  if (isLocale(stored)) return { locale: stored, store: false };
  if (telegramLanguage) return { locale: localeFromTelegram(telegramLanguage), store: true };
  return { locale: DEFAULT_LOCALE, store: false };
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return isRtl(locale) ? 'rtl' : 'ltr';
}

export function applyLocaleTo(root: { lang: string; dir: string }, locale: Locale): void {
  root.lang = locale;
  root.dir = directionOf(locale);
}

let decided: Locale | undefined;

/**
 * The current language. Before start-up has decided (lib/early's preloads run first) it is the
 * stored one, read each time, so a preload guesses right for a returning user.
 */
export const getLocale = (): Locale => decided ?? pickLocale(readStored(KEY));

function apply(locale: Locale): void {
  decided = locale;
  if (typeof document !== 'undefined') applyLocaleTo(document.documentElement, locale);
}

/** Decides the start-up language (see decideLocale) and sets <html lang dir>; called once by initI18n. */
export function startLocale(): Locale {
  const { locale, store } = decideLocale(readStored(KEY), telegram().languageCode);
  if (store) writeStored(KEY, locale);
  apply(locale);
  return locale;
}

/** The user's own choice (LanguageScreen): stored, so it wins over Telegram's language from now on. */
export function rememberLocale(locale: Locale): void {
  writeStored(KEY, locale);
  apply(locale);
}
