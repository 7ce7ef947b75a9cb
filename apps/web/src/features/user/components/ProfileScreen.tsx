import type { UserInfo } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/QueryView';
import { useUserInfo } from '../../../lib/userInfo';
import { AvatarUpload } from './AvatarUpload';
import { NicknameForm } from './NicknameForm';
import { SexChoice } from './SexChoice';

/** /pages/myProfile/myProfile: avatar, nickname, sex, phone and the linked Telegram username. */
export function ProfileScreen() {
  const query = useUserInfo();
  return <QueryView query={query}>{(user) => <Profile user={user} />}</QueryView>;
}

function Profile({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <AvatarUpload user={user} />
      <section className="card">
        <NicknameForm current={user.nickName} />
      </section>
      <section className="card">
        <SexChoice current={user.sex} />
      </section>
      <section className="card">
        <dl className="facts">
          <div className="fact">
            <dt>{t('profile.phone')}</dt>
            <dd data-testid="profile-phone">
              {user.areaCode ? `+${user.areaCode} ` : ''}
              {user.phone}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('profile.telegram')}</dt>
            <dd data-testid="profile-telegram">
              {user.telegramLinked ? (user.telegramUsername ? `@${user.telegramUsername}` : '✓') : t('profile.telegramNotLinked')}
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
