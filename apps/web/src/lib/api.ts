import { createApiClient, isApiError, NET_ERROR_MESSAGE } from '@prism/client';
import { getLocale } from './locale';
import { reportSessionExpired } from './sessionEvents';
import { telegram } from './telegram';
import { getToken } from './token';

/**
 * The single API client of the web app. Session expiry (codes 401 / 50001) is
 * reported through lib/sessionEvents to the app shell, which toasts the
 * message and logs out after 1 s.
 */
export const api = createApiClient({
  baseURL: '/core/',
  getToken,
  getInitData: () => telegram().initData,
  getLocale,
  onSessionExpired: reportSessionExpired,
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
