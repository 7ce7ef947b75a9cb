import { type FirstApi, firstEndpoints, HttpClient, isApiError, type LaterApi, NET_ERROR_MESSAGE } from '@prism/client';
import { withDeferredGroups } from './deferredGroups';
import { getLocale, localeDecided } from './locale';
import { reportSessionExpired } from './sessionEvents';
import { telegram } from './telegram';
import { createTelegramSession, telegramInitData } from './telegramSession';
import { getToken, setToken } from './token';

/**
 * The web app's one HTTP client. A session the server ended (codes 401 / 50001) is first renewed
 * with Telegram's launch data and the call sent again; only when that cannot be done is the expiry
 * reported through lib/sessionEvents to the app shell, which toasts the message and logs out after 1 s.
 */
export const http = new HttpClient({
  baseURL: '/core/',
  getToken,
  getInitData: () => telegram().initData,
  getLocale,
  onSessionExpired: reportSessionExpired,
  refreshSession: () => telegramSession.renew(),
});

/**
 * The single API client of the web app: the first pages' endpoint groups, and the signed-in pages'
 * (lib/laterApi.ts), which load with those pages' layout, not with the login page. A call made
 * before they are there loads them first.
 */
export const api: FirstApi & LaterApi = withDeferredGroups(firstEndpoints(http), () =>
  import('./laterApi').then((module) => module.laterApi),
);

/** The one Telegram sign-in (lib/telegramSession.ts), through this client: every entry point uses it. */
export const telegramSession = createTelegramSession({
  initData: telegramInitData,
  getToken,
  // The account takes the app's language from this call: wait until start-up has decided it.
  login: (initData) => localeDecided().then(() => api.auth.telegramLogin(initData)),
  storeToken: setToken,
});

/** The message to show for any failure: the server's (already translated) text, or 'net error'. */
export function errorMessage(error: unknown, fallback: string = NET_ERROR_MESSAGE): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}

/** Field messages of a validation failure, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fields : {};
}

/** The wait a "not yet" refusal carries (result.retryAfterSeconds: a code asked for too soon), in whole seconds. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isApiError(error)) return undefined;
  const wait = (error.result as { retryAfterSeconds?: unknown } | null | undefined)?.retryAfterSeconds;
  return typeof wait === 'number' && Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : undefined;
}
