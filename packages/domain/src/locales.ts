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
  if (!header) return DEFAULT_LOCALE;
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
  return DEFAULT_LOCALE;
}

/**
 * Our locale for a Telegram `language_code` (an IETF tag such as "ar", "pt-br", "zh-hans"): every
 * Chinese (zh, zh-hans, zh-hant, zh-tw...) is zh-TW, the only Chinese we have; others by their
 * language prefix (ar, fa, vi, en); anything else, or nothing, en-US.
 */
export function localeFromTelegram(languageCode: string | null | undefined): Locale {
  const language = languageCode?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (language === 'zh') return 'zh-TW';
  return LOCALES.find((locale) => locale.split('-')[0] === language) ?? DEFAULT_LOCALE;
}
