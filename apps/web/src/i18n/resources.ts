import type { Locale } from '@prism/domain';
import type { AppStrings } from './locales/app/en-US';
import { enUS, type ShellStrings, type UiStrings } from './locales/en-US';

/**
 * The UI strings of src/i18n/locales, in two parts per locale: the shell's
 * (locales/<locale>.ts: what the entry and login pages and the bars show) and
 * the other pages' (locales/app/<locale>.ts), which load with the first page
 * beyond login (lib/i18n.ts). The English shell is bundled (it is the
 * fallback); everything else loads on demand. Server and validation messages of
 * @prism/domain are the separate namespace `msg` (see lib/messages.ts).
 */
const shellLoaders: Record<Locale, () => Promise<ShellStrings>> = {
  'en-US': async () => enUS,
  'zh-TW': () => import('./locales/zh-TW').then((m) => m.zhTW),
  vi: () => import('./locales/vi').then((m) => m.vi),
  fa: () => import('./locales/fa').then((m) => m.fa),
  ar: () => import('./locales/ar').then((m) => m.ar),
};

const appLoaders: Record<Locale, () => Promise<AppStrings>> = {
  'en-US': () => import('./locales/app/en-US').then((m) => m.enUSApp),
  'zh-TW': () => import('./locales/app/zh-TW').then((m) => m.zhTWApp),
  vi: () => import('./locales/app/vi').then((m) => m.viApp),
  fa: () => import('./locales/app/fa').then((m) => m.faApp),
  ar: () => import('./locales/app/ar').then((m) => m.arApp),
};

export const loadShellStrings = (locale: Locale): Promise<ShellStrings> => shellLoaders[locale]();
export const loadAppStrings = (locale: Locale): Promise<AppStrings> => appLoaders[locale]();

/** Both parts of a locale. */
export async function loadResources(locale: Locale): Promise<UiStrings> {
  const [shell, app] = await Promise.all([loadShellStrings(locale), loadAppStrings(locale)]);
  return { ...shell, ...app };
}

export const fallbackResources: ShellStrings = enUS;
