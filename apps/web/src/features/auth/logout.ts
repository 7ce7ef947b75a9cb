import { useCallback } from 'react';
import { logout } from './api/logout';
import { useEndSession } from './endSession';

/** The Log out button: tell the server (best effort), then end the session here. */
export function useLogout(): () => Promise<void> {
  const endSession = useEndSession();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Already logged out or offline: the local session ends anyway.
    }
    endSession();
  }, [endSession]);
}
