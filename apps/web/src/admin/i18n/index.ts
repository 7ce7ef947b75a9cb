import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en';

/**
 * The console's own i18next instance (not the players'): English now; a language is one more
 * resources file beside en.ts and one more entry here.
 */
export const adminI18n = i18next.createInstance();
void adminI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The console's translate function. */
export function useT() {
  return useTranslation(undefined, { i18n: adminI18n }).t;
}
