import { routes } from '@prism/domain';
import { useCallback } from 'react';
import { telegramSession } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { clearToken } from '../../lib/token';

/** Forgets the user's cached data; react-query is imported here, not statically, so the login page does not load it. */
async function forgetUserData(): Promise<void> {
  const { queryClient, queryKeys } = await import('../../lib/queryClient');
  queryClient.removeQueries({ queryKey: queryKeys.user });
}

/**
 * Ends the session on this device: forget the token, user info and team
 * info, then relaunch to the login page (a fresh one-page stack). Used by
 * Log out and by session expiry.
 */
export function useEndSession(): () => void {
  const { reLaunch } = useNavigation();
  return useCallback(() => {
    // Telegram's launch data must not sign the user straight back in (lib/telegramSession).
    telegramSession.end();
    // Token first: the user queries are disabled without it, so nothing refetches while the page changes.
    clearToken();
    void forgetUserData();
    reLaunch(routes.login);
  }, [reLaunch]);
}
