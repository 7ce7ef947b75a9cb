import { LOGOUT_DELAY_MS } from '@prism/domain';
import { useEffect, useRef } from 'react';
import { useEndSession } from '../features/auth/endSession';
import { onSessionExpired } from '../lib/sessionEvents';
import { toastError } from '../lib/toast';

/**
 * Session expiry (codes 401 / 50001, specification points 4 and 8): toast the
 * message, then log out after 1 s. Several failing requests at once end the
 * session once. Inside Telegram this is the last resort: the API client first
 * renews the session with the launch data and sends the call again
 * (lib/telegramSession), and reports expiry only when that cannot be done.
 */
export function useSessionExpiry(): void {
  const endSession = useEndSession();
  const latest = useRef(endSession);
  latest.current = endSession;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSessionExpired((error) => {
      if (timer) return;
      toastError(error.message);
      timer = setTimeout(() => {
        timer = undefined;
        latest.current();
      }, LOGOUT_DELAY_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
}
