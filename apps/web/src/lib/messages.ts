import { LOCALES, messageTables } from '@prism/domain';
import { i18n } from './i18n';

/**
 * The server and validation messages of @prism/domain, in all five languages,
 * as the i18next namespace `msg` (t('PHONE_REQUIRED', { ns: 'msg' })). They
 * are registered when the first form loads (lib/form imports this module),
 * which keeps them out of the first chunk.
 */
export function registerMessages(): void {
  for (const locale of LOCALES) i18n.addResourceBundle(locale, 'msg', messageTables[locale], true, false);
}

// Normally i18next is initialised long before a form loads; unit tests import forms without it.
if (i18n.isInitialized) registerMessages();
else i18n.on('initialized', registerMessages);
