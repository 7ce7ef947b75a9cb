import { routes } from '@prism/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading';
import { useNavigation } from '../../../lib/navigation';
import type { PageProps } from '../../../lib/query';
import { telegram } from '../../../lib/telegram';
import { getToken, setToken } from '../../../lib/token';
import { telegramLogin } from '../api/telegramLogin';
import { decideEntry } from '../entry';
import { pickInvitationCode } from '../invitation';

/** '/' and /pages/load/load: decides between home and login, carrying an invitation code along. */
export function EntryScreen({ query }: PageProps) {
  const { t } = useTranslation();
  const { redirectTo } = useNavigation();
  const started = useRef(false);

  useEffect(() => {
    // Once only (StrictMode runs effects twice in development): telegramLogin must not be called twice.
    if (started.current) return;
    started.current = true;
    const invitation = pickInvitationCode(query, undefined);
    void decideEntry({ hasToken: getToken() !== null, initData: telegram().initData, telegramLogin, storeToken: setToken }).then(
      (target) => {
        if (target === 'home') redirectTo(routes.home);
        else redirectTo(invitation ? `${routes.login}?invitationCode=${encodeURIComponent(invitation)}` : routes.login);
      },
    );
  }, [query, redirectTo]);

  return (
    <div className="entry">
      <span className="brand-mark brand-mark-large" aria-hidden="true" />
      <p className="entry-brand">{t('common.brand')}</p>
      <PageLoading />
    </div>
  );
}
