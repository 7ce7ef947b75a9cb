import { type Locale, type MessageTable, validationMessages } from '@prism/domain';
import { i18n } from './i18n';

/**
 * The server and validation messages of @prism/domain as the i18next namespace
 * `msg` (t('PHONE_REQUIRED', { ns: 'msg' })). They are registered when the first
 * form loads (lib/form imports this module). English (the fallback) is in two
 * parts: the validation messages come with this module (the login page's forms
 * show them), the error catalogue's texts with the pages beyond login
 * (lib/errorMessages.ts), the only ones that translate its keys: the server
 * sends its errors already translated. Another language loads whole when it is
 * in use, so a page downloads one language, not five.
 */
const others: Record<Exclude<Locale, 'en-US'>, () => Promise<MessageTable>> = {
  'zh-TW': () => import('@prism/domain/messages/zh-TW').then((module) => module.zhTW),
  vi: () => import('@prism/domain/messages/vi').then((module) => module.vi),
  fa: () => import('@prism/domain/messages/fa').then((module) => module.fa),
  ar: () => import('@prism/domain/messages/ar').then((module) => module.ar),
};

async function registerLocale(locale: string): Promise<void> {
  if (locale === 'en-US' || !(locale in others) || i18n.hasResourceBundle(locale, 'msg')) return;
  const table = await others[locale as keyof typeof others]();
  i18n.addResourceBundle(locale, 'msg', table, true, false);
}

function registerMessages(): void {
  i18n.addResourceBundle('en-US', 'msg', validationMessages, true, false);
  void registerLocale(i18n.language);
  i18n.on('languageChanged', (locale) => void registerLocale(locale));
}

/** Runs `register` once i18next has its store: resources added before init() would be lost. */
function whenInitialized(register: () => void): void {
  if (i18n.isInitialized) register();
  else i18n.on('initialized', register);
}

/** Adds English texts of `msg` (lib/errorMessages.ts: the error catalogue's), now or once i18next is initialised. */
export function addEnglishMessages(table: Partial<MessageTable>): void {
  whenInitialized(() => i18n.addResourceBundle('en-US', 'msg', table, true, false));
}

// Normally i18next is initialised long before a form loads; unit tests import forms without it.
whenInitialized(registerMessages);
