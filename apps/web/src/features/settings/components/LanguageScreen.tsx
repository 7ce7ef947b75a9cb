import { LOCALE_NAMES, LOCALES, type Locale } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../../lib/i18n';
import { getLocale } from '../../../lib/locale';
import { useNavigation } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { saveAccountLocale } from '../api/saveAccountLocale';

/**
 * /pages/myProfile/lang: the five languages by their own names. The choice persists (it wins over
 * Telegram's language from now on), becomes the account's language (the bot's notices) and goes back.
 */
export function LanguageScreen() {
  const { t } = useTranslation();
  const { navigateBack } = useNavigation();
  const [current, setCurrent] = useState<Locale>(getLocale());

  const choose = async (locale: Locale) => {
    try {
      await changeLocale(locale);
      setCurrent(locale);
      // The app already speaks it; should the account miss it now, the next sign-in carries it.
      await saveAccountLocale(locale).catch(() => undefined);
      navigateBack();
    } catch {
      toast(t('common.netError'));
    }
  };

  return (
    <section className="card">
      <h2 className="card-title">{t('settings.chooseLanguage')}</h2>
      <ul className="menu" aria-label={t('titles.lang')}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              className="menu-item"
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => void choose(locale)}
              data-testid={`lang-${locale}`}
            >
              <span>{LOCALE_NAMES[locale]}</span>
              {locale === current && (
                <span className="check" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
