import { routes } from '@prism/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigation } from '../../lib/navigation';
import { queryKeys } from '../../lib/queryClient';
import { clearToken } from '../../lib/token';

/**
 * Ends the session on this device: forget the token, user info and team
 * info, then relaunch to the login page (a fresh one-page stack). Used by
 * Log out and by session expiry.
 */
export function useEndSession(): () => void {
  const queryClient = useQueryClient();
  const { reLaunch } = useNavigation();
  return useCallback(() => {
    // Token first: the user queries are disabled without it, so nothing refetches while the page changes.
    clearToken();
    queryClient.removeQueries({ queryKey: queryKeys.user });
    reLaunch(routes.login);
  }, [queryClient, reLaunch]);
}
