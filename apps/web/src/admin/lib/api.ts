import { HttpClient } from '@prism/client';

/** The console's CSRF token: the non-HttpOnly cookie the server sets at sign-in, echoed in a header. */
export const CSRF_COOKIE = 'prism_ops_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

function csrfToken(): string | undefined {
  const pair = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${CSRF_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(CSRF_COOKIE.length + 1)) : undefined;
}

/**
 * The one client of the operator API (/core/admin/...). The session is an HttpOnly cookie the
 * browser sends by itself (same origin); every call also carries the CSRF header.
 * Paths are relative to /core/admin/: `adminApi.get('withdrawals', { status: 0 })`.
 */
/** Who hears that the operator's session ended (401): the session provider, which sends them to sign in. */
const expiryListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export const adminApi = new HttpClient({
  baseURL: '/core/admin/',
  getLocale: () => 'en-US',
  extraHeaders: (): Record<string, string> => {
    const token = csrfToken();
    return token ? { [CSRF_HEADER]: token } : {};
  },
  onSessionExpired: () => {
    for (const listener of expiryListeners) listener();
  },
});
