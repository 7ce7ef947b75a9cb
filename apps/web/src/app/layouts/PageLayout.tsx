import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { useNavigation } from '../../lib/navigation';
import { useBarTitleOf } from '../../lib/pageTitle';
import { telegram } from '../../lib/telegram';
import { useRouteMeta } from '../routeMeta';
import { LangButton } from './LangButton';

/**
 * Every other page: a bar with a back arrow and the white title. Inside
 * Telegram the native back button replaces our arrow, where the client has one
 * (6.1+); on an older client the arrow stays, or the page would have no way back.
 */
export function PageLayout() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  // A page with several panels (the login page) names the one it shows.
  const ownTitle = useBarTitleOf(useLocation().pathname);
  const { navigateBack } = useNavigation();
  const arrow = meta?.back === true && !telegram().nativeBack;
  return (
    <div className="shell" data-route={meta?.name}>
      <header className="bar page-bar">
        {arrow && (
          <button type="button" className="icon-button" aria-label={t('common.back')} onClick={() => navigateBack()}>
            <Icon name="back" directional />
          </button>
        )}
        <h1 className="bar-title">{ownTitle ?? (meta ? t(`titles.${meta.name}`) : t('common.brand'))}</h1>
        {meta?.langIcon && <LangButton />}
      </header>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
