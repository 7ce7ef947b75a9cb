import { type Locale, type MessageTable, validationMessages } from '@prism/domain';
import { i18n } from './i18n';

/**
 * The server and validation messages of @prism/domain as the i18next namespace
 * `msg` (t('PHONE_REQUIRED', { ns: 'msg' })). Every language is in two parts.
 * The validation messages are registered when the first form loads (lib/form
 * imports this module): the login page's forms show them. The error catalogue's
 * texts come with the layout of the pages beyond login (lib/errorMessages.ts),
 * the only pages that translate its keys (the server sends its errors already
 * translated). English (the fallback) is bundled; another language's part loads
 * when that language is in use, so a page downloads one language, not five
 * (docs/performance.md, "The web app").
 */
type Part = Partial<MessageTable>;
export type PartLoaders = Record<Exclude<Locale, 'en-US'>, () => Promise<Part>>;

const validationParts: PartLoaders = {
  'zh-TW': () => import('@prism/domain/messages/validation/zh-TW').then((module) => module.zhTWValidation),
  vi: () => import('@prism/domain/messages/validation/vi').then((module) => module.viValidation),
  fa: () => import('@prism/domain/messages/validation/fa').then((module) => module.faValidation),
  ar: () => import('@prism/domain/messages/validation/ar').then((module) => module.arValidation),
};

/** Runs `register` once i18next has its store: resources added before init() would be lost. */
function whenInitialized(register: () => void): void {
  if (i18n.isInitialized) register();
  else i18n.on('initialized', register);
}

/** Adds English texts of `msg` (lib/errorMessages.ts: the error catalogue's), now or once i18next is initialised. */
export function addEnglishMessages(table: Part): void {
  whenInitialized(() => i18n.addResourceBundle('en-US', 'msg', table, true, false));
}

/**
 * Adds one part of `msg` in the language in use and in each language switched to, loaded once per
 * language (a failed load is tried again at the next switch). Resolves when the language in use
 * has it, or its load failed (English stays).
 */
export function addPart(others: PartLoaders): Promise<void> {
  const added = new Map<string, Promise<void>>();
  const add = (locale: string): Promise<void> => {
    if (!(locale in others)) return Promise.resolve();
    let adding = added.get(locale);
    if (!adding) {
      adding = others[locale as keyof PartLoaders]().then(
        (table) => void i18n.addResourceBundle(locale, 'msg', table, true, false),
        () => void added.delete(locale),
      );
      added.set(locale, adding);
    }
    return adding;
  };
  return new Promise((resolve) =>
    whenInitialized(() => {
      i18n.on('languageChanged', (locale) => void add(locale));
      void add(i18n.language).then(resolve);
    }),
  );
}

// Normally i18next is initialised long before a form loads; unit tests import forms without it.
addEnglishMessages(validationMessages);
export const validationMessagesAdded = addPart(validationParts);
