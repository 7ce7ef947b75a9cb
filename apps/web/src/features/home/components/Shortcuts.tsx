import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { AppIcon, type AppIconName } from '../../../components/AppIcon';
import { useNavigation } from '../../../lib/navigation';

const SHORTCUTS: { key: 'home.recharge' | 'home.withdraw' | 'home.game' | 'home.tap'; url: string; icon: AppIconName }[] = [
  { key: 'home.recharge', url: routes.recharge, icon: 'arrowDown' },
  { key: 'home.withdraw', url: routes.withdrawal, icon: 'arrowUp' },
  { key: 'home.game', url: routes.game, icon: 'game' },
  { key: 'home.tap', url: routes.tap, icon: 'tap' },
];

export function Shortcuts() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  return (
    <nav className="shortcuts" aria-label={t('home.shortcuts')}>
      {SHORTCUTS.map((item) => (
        <button
          key={item.key}
          type="button"
          className="shortcut"
          onClick={() => navigateTo(item.url)}
          data-testid={`shortcut-${item.key.slice(5)}`}
        >
          <span className="shortcut-icon">
            <AppIcon name={item.icon} />
          </span>
          <span>{t(item.key)}</span>
        </button>
      ))}
    </nav>
  );
}
