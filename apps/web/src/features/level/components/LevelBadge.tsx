import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/userInfo';

/** The top bar's level badge: the user's level name; tapping it opens the levels page. */
export function LevelBadge() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const { data: user } = useUserInfo();
  if (!user) return null;
  return (
    <button
      type="button"
      className="level-badge"
      onClick={() => navigateTo(routes.levels)}
      aria-label={t('level.badge', { name: user.levelName })}
      data-testid="level-badge"
    >
      {user.levelName}
    </button>
  );
}
