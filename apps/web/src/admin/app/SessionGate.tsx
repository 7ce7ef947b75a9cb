import { ApiError } from '@prism/client';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../i18n';
import { onSessionExpired } from '../lib/api';
import { meQuery, SessionContext, useMeQuery } from '../lib/session';

/** Where the sign-in page sends the operator back to: the page they were on. */
function loginPath(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}&expired=1`;
}

/**
 * The signed-in part of the console: asks auth/me; without a session (401, or a session that
 * ends later: idle timeout, revoked) it sends the operator to sign in, keeping where they were going.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useT();
  const me = useMeQuery();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSessionExpired(() => {
        // Only a session that was there ends; a first visit without one is the me query's 401 below.
        if (queryClient.getQueryData(meQuery().queryKey) === undefined) return;
        navigate(loginPath(location), { replace: true });
        queryClient.removeQueries({ queryKey: meQuery().queryKey });
      }),
    [navigate, location, queryClient],
  );

  if (me.isPending) return <p className="admin-muted">{t('app.loading')}</p>;
  if (me.isError) {
    if (me.error instanceof ApiError && (me.error.code === 401 || me.error.code === 403)) {
      return <Navigate to={loginPath(location).replace('&expired=1', '')} replace />;
    }
    return (
      <div role="alert" className="admin-error">
        <p>{me.error.message}</p>
        <button type="button" onClick={() => void me.refetch()}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}
