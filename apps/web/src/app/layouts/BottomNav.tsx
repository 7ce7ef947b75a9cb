import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { AppIcon, type AppIconName } from '../../components/AppIcon';
import { haptics } from '../../lib/native';
import type { NavState } from '../../lib/navigation';

const TABS: { url: string; key: 'nav.home' | 'nav.taskPlatform' | 'nav.orders' | 'nav.personal'; icon: AppIconName }[] = [
  { url: routes.home, key: 'nav.home', icon: 'home' },
  { url: routes.doubleInvest, key: 'nav.taskPlatform', icon: 'tasks' },
  { url: routes.team, key: 'nav.orders', icon: 'orders' },
  { url: routes.account, key: 'nav.personal', icon: 'person' },
];

/** The four-item bottom bar; a tab replaces the current page and starts a one-page stack (switchTab). */
export function BottomNav() {
  const { t } = useTranslation();
  const state: NavState = { depth: 1 };
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      {TABS.map((tab) => (
        <NavLink key={tab.url} to={tab.url} replace state={state} className="bottom-nav-item" onClick={haptics.selection}>
          <AppIcon name={tab.icon} />
          <span>{t(tab.key)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
