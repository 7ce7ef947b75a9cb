import { LOCALE_NAMES, LOCALES, type Locale } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../../lib/i18n';
import { getLocale } from '../../../lib/locale';
import { useNavigation } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';

/** /pages/myProfile/lang: the five languages by their own names; the choice persists and goes back. */
export function LanguageScreen() {
  const { t } = useTranslation();
  const { navigateBack } = useNavigation();
  const [current, setCurrent] = useState<Locale>(getLocale());

  const choose = async (locale: Locale) => {
    try {
      await changeLocale(locale);
      setCurrent(locale);
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
