import { DEFAULT_LOCALE, isRtl, LOCALES, type Locale } from '@prism/domain';
import { readStored, writeStored } from './storage';

/**
 * The chosen language: persisted in localStorage, sent as Accept-Language,
 * and written to <html lang dir> (fa and ar read right to left).
 */
const KEY = 'prism.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A stored choice, or en-US (the specification's default) when there is none or it is unknown. */
export function pickLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return isRtl(locale) ? 'rtl' : 'ltr';
}

export function applyLocaleTo(root: { lang: string; dir: string }, locale: Locale): void {
  root.lang = locale;
  root.dir = directionOf(locale);
}

// Read when first asked, not at import: CloudStorage values are copied into localStorage first (lib/preferences.ts).
let current: Locale | undefined;

export const getLocale = (): Locale => current ?? pickLocale(readStored(KEY));

export function rememberLocale(locale: Locale): void {
  current = locale;
  writeStored(KEY, locale);
  if (typeof document !== 'undefined') applyLocaleTo(document.documentElement, locale);
}
