import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useNavigation } from '../../lib/navigation';

/** The language icon of the bars: opens /pages/myProfile/lang. */
export function LangButton() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t('topBar.language')}
      onClick={() => navigateTo(routes.lang)}
      data-testid="lang-button"
    >
      <Icon name="globe" />
    </button>
  );
}
