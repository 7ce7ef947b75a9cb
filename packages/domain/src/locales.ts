/** The five languages; en-US is the default and the fallback. fa and ar read right to left. */
export const LOCALES = ['en-US', 'zh-TW', 'vi', 'fa', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const RTL_LOCALES: readonly Locale[] = ['fa', 'ar'];

export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-TW': '繁體中文',
  vi: 'Tiếng Việt',
  fa: 'فارسی',
  ar: 'العربية',
};

export function isRtl(locale: Locale): boolean {
  return RTL_LOCALES.includes(locale);
}

/** Picks our locale for an Accept-Language header or a stored preference ("zh-HK" -> zh-TW, "en" -> en-US). */
export function resolveLocale(header: string | null | undefined): Locale {
  return matchLocale(header) ?? DEFAULT_LOCALE;
}

/** Our locale that an Accept-Language header asks for, or undefined when it names none of ours ("*", "de"). */
export function matchLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const wanted = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter(Boolean);
  for (const tag of wanted) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    if (language === 'zh') return 'zh-TW';
    const byLanguage = LOCALES.find((locale) => locale.split('-')[0] === language);
    if (byLanguage) return byLanguage;
  }
  return undefined;
}

/**
 * The app's locale for a Telegram user's `language_code` (initData `user.language_code`, an IETF tag
 * such as "ar", "zh-hans", "pt-br"): every Chinese variant reads our Traditional Chinese, the others
 * go by their language (ar, fa, vi, en), and anything else is English. The Mini App takes it on a
 * first run inside Telegram and the bot speaks it to a user whose account has no language yet.
 */
export function localeFromTelegram(code: string | null | undefined): Locale {
  const language = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (language === 'zh') return 'zh-TW';
  return LOCALES.find((locale) => locale.split('-')[0] === language) ?? DEFAULT_LOCALE;
}

/**
 * Wraps a value of unknown direction (an amount with its sign, an order number, an operator's reason
 * in another script) in Unicode first-strong isolates (U+2068 ... U+2069), so that inside a
 * right-to-left sentence it keeps its own order and the punctuation around it stays in place.
 */
export function isolate(text: string | number): string {
  return `\u2068${text}\u2069`;
}
