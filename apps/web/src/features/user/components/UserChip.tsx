import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { useNavigation } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/userInfo';
import { displayName } from '../displayName';

/** The top bar's avatar and name (phone if no nickname); tapping it opens the profile. */
export function UserChip() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const { data: user } = useUserInfo();
  const name = displayName(user);
  return (
    <button
      type="button"
      className="user-chip"
      onClick={() => navigateTo(routes.myProfile)}
      aria-label={t('topBar.openProfile')}
      data-testid="user-chip"
    >
      <Avatar src={user?.headUrl || undefined} name={name} size="s" />
      <span className="user-chip-name" data-testid="user-chip-name">
        {name}
      </span>
    </button>
  );
}
