import type { Locale, MessageTable } from '@prism/domain';
import { enUS } from '@prism/domain/messages/en-US';
import { i18n } from './i18n';

/**
 * The server and validation messages of @prism/domain as the i18next namespace
 * `msg` (t('PHONE_REQUIRED', { ns: 'msg' })). They are registered when the first
 * form loads (lib/form imports this module), which keeps them out of the first
 * chunk. English (the fallback) comes with this module; another language loads
 * when it is in use, so a page downloads one language, not five.
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

export function registerMessages(): void {
  i18n.addResourceBundle('en-US', 'msg', enUS, true, false);
  void registerLocale(i18n.language);
  i18n.on('languageChanged', (locale) => void registerLocale(locale));
}

// Normally i18next is initialised long before a form loads; unit tests import forms without it.
if (i18n.isInitialized) registerMessages();
else i18n.on('initialized', registerMessages);
