import type { Locale } from '@prism/domain';
import { enUS, type UiStrings } from './locales/en-US';

/**
 * The UI strings of src/i18n/locales: en-US is bundled (it is the fallback),
 * the other locales load on demand. Server and validation messages of
 * @prism/domain are the separate namespace `msg` (see lib/messages.ts).
 */
const loaders: Record<Locale, () => Promise<UiStrings>> = {
  'en-US': async () => enUS,
  'zh-TW': () => import('./locales/zh-TW').then((m) => m.zhTW),
  vi: () => import('./locales/vi').then((m) => m.vi),
  fa: () => import('./locales/fa').then((m) => m.fa),
  ar: () => import('./locales/ar').then((m) => m.ar),
};

export const loadResources = (locale: Locale): Promise<UiStrings> => loaders[locale]();

export const fallbackResources: UiStrings = enUS;
