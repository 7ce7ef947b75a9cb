import { DEFAULT_LOCALE, LOCALES, type Locale, type MessageTable } from '@prism/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ShellStrings, UiStrings } from '../i18n/locales/en-US';
import { fallbackResources, loadAppStrings, loadShellStrings } from '../i18n/resources';
import { bidiInterpolation } from './bidi';
import { getLocale, rememberLocale, startLocale } from './locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: UiStrings; msg: MessageTable };
  }
}

export const i18n = i18next.createInstance();
// Resources added before init() would be lost (init creates the store): page strings wait for it.
const initialized = new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));

/**
 * Decides the language (lib/locale startLocale: the stored choice, else Telegram's language on a first
 * run inside Telegram, else en-US) and loads its shell strings (en-US bundled, others fetched) before
 * the first render, so no English flashes. main.tsx calls it after initTelegram and the preferences' hydration.
 */
export async function initI18n(): Promise<void> {
  const locale = startLocale();
  const resources: Record<string, { translation: ShellStrings }> = { [DEFAULT_LOCALE]: { translation: fallbackResources } };
  if (locale !== DEFAULT_LOCALE) {
    try {
      resources[locale] = { translation: await loadShellStrings(locale) };
    } catch {
      // The locale chunk failed to load: English (the fallback) still works.
    }
  }
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    resources,
    // Values are isolated in right-to-left languages (lib/bidi); React escapes what it renders.
    interpolation: bidiInterpolation(getLocale),
    returnNull: false,
  });
}

/** The page strings (locales/app) added per locale; set once a page beyond login has asked for them. */
const pageStrings = new Map<Locale, Promise<void>>();

function addPageStrings(locale: Locale): Promise<void> {
  let added = pageStrings.get(locale);
  if (!added) {
    const strings = loadAppStrings(locale).catch((error) =>
      locale === DEFAULT_LOCALE ? Promise.reject(error) : loadAppStrings(DEFAULT_LOCALE),
    );
    added = Promise.all([strings, initialized]).then(([table]) => void i18n.addResourceBundle(locale, 'translation', table, true, false));
    // A failed load may be retried by the next page.
    added.catch(() => pageStrings.delete(locale));
    pageStrings.set(locale, added);
  }
  return added;
}

/**
 * The strings of every page beyond the entry and login pages, in the current
 * language: awaited by the layout those pages load with (app/router.tsx). It
 * may start before i18next is initialised (the first page's files preload).
 */
export function loadPageStrings(): Promise<void> {
  return addPageStrings(getLocale());
}

/** Switches the language: loads its strings, persists the choice, sets <html lang dir>. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loadShellStrings(locale), true, false);
  }
  // Pages beyond login are in use: their strings too, before the language changes.
  if (pageStrings.size > 0) await addPageStrings(locale);
  rememberLocale(locale);
  await i18n.changeLanguage(locale);
}
