import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading';
import { telegramSession } from '../../../lib/api';
import { useNavigation } from '../../../lib/navigation';
import type { PageProps } from '../../../lib/query';
import { entryTarget } from '../entry';
import { pickInvitationCode } from '../invitation';

/** '/' and /pages/load/load: decides between home and login, carrying an invitation code along. */
export function EntryScreen({ query }: PageProps) {
  const { t } = useTranslation();
  const { redirectTo } = useNavigation();
  const started = useRef(false);

  useEffect(() => {
    // Once only (StrictMode runs effects twice in development); the sign-in itself is one at a time anyway.
    if (started.current) return;
    started.current = true;
    const invitation = pickInvitationCode(query, undefined);
    // A stored token, or a linked Telegram user signed in with the launch data (often already under way: lib/early.ts).
    void telegramSession.ensure().then((signedIn) => redirectTo(entryTarget(signedIn, invitation)));
  }, [query, redirectTo]);

  return (
    <div className="entry">
      <span className="brand-mark brand-mark-large" aria-hidden="true" />
      <p className="entry-brand">{t('common.brand')}</p>
      <PageLoading />
    </div>
  );
}
