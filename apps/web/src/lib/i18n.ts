import { DEFAULT_LOCALE, LOCALES, type Locale, type MessageTable } from '@prism/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiStrings } from '../i18n/locales/en-US';
import { fallbackResources, loadResources } from '../i18n/resources';
import { getLocale, rememberLocale } from './locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: UiStrings; msg: MessageTable };
  }
}

export const i18n = i18next.createInstance();

/** Loads the stored language (en-US bundled, others fetched) before the first render, so no English flashes. */
export async function initI18n(): Promise<void> {
  const locale = getLocale();
  const resources: Record<string, { translation: UiStrings }> = { [DEFAULT_LOCALE]: { translation: fallbackResources } };
  if (locale !== DEFAULT_LOCALE) {
    try {
      resources[locale] = { translation: await loadResources(locale) };
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
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  rememberLocale(locale);
}

/** Switches the language: loads its strings, persists the choice, sets <html lang dir>. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loadResources(locale));
  }
  rememberLocale(locale);
  await i18n.changeLanguage(locale);
}
