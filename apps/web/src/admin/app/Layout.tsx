import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../i18n';
import { adminApi } from '../lib/api';
import { navFor } from '../lib/nav';
import { useMe } from '../lib/session';

/**
 * The console's frame: the navigation (only what the operator's permissions open), who is signed
 * in and their role, and sign-out. On a narrow screen the navigation folds behind a Menu button.
 */
export function Layout() {
  const t = useT();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => adminApi.post<null>('auth/logout'),
    onSettled: () => {
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
  // A link followed on a phone folds the menu again.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="admin-shell">
      <header className="admin-header">
        <span className="admin-brand">{t('app.name')}</span>
        <button type="button" className="admin-menu-toggle" aria-expanded={open} aria-controls="admin-nav" onClick={() => setOpen(!open)}>
          {t('app.menu')}
        </button>
        <span className="admin-who" data-testid="admin-who">
          {t('app.signedInAs', { login: me.login, role: t(`roles.${me.role}`) })}
        </span>
        <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('app.signOut')}
        </button>
      </header>
      <nav id="admin-nav" aria-label={t('app.navLabel')} className="admin-nav" data-open={open}>
        <ul>
          {navFor(me.permissions).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'}>
                {t(`nav.${item.label}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
