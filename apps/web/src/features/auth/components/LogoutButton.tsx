import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../lib/dialog';
import { useThrottled } from '../../../lib/throttle';
import { useLogout } from '../logout';

/** 'Log out', after a confirmation: ends the session on the server and here, then relaunches to the login page. */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  const click = useThrottled(() => {
    setPending(true);
    void confirmAction({ message: t('account.logoutConfirm'), confirm: t('account.logout'), destructive: true })
      .then((confirmed) => (confirmed ? logout() : undefined))
      .finally(() => setPending(false));
  });
  return (
    <button type="button" className="btn btn-danger" onClick={click} disabled={pending}>
      {t('account.logout')}
    </button>
  );
}
