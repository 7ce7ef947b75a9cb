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

/**
 * The console's translate function. Typed loosely on purpose: the players' app declares its own
 * resources to i18next's types (a global declaration), which would otherwise refuse these keys;
 * i18n/en.test.ts checks that every key the console uses exists.
 */
export type AdminT = (key: string, options?: Record<string, unknown>) => string;
export function useT(): AdminT {
  return useTranslation(undefined, { i18n: adminI18n }).t as unknown as AdminT;
}
