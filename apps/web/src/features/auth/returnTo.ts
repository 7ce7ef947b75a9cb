import { routes } from '@prism/domain';

/** Where the login page sends a user afterwards when no page was asked for. */
const DEFAULT_TARGET: string = routes.home;
/** Pages a login must not return to: the entry pages would only bounce, the login page would loop. */
const NOT_TARGETS = new Set<string>([routes.load, routes.loadAlias, routes.login]);
const PAGES = new Set<string>(Object.values(routes).filter((path) => !NOT_TARGETS.has(path)));
/** Any origin would do: it only lets URL parse a relative path, and proves the path stays on it. */
const BASE = 'https://prism.invalid';

/** The login page's history state: the page a visitor asked for before being sent to log in. */
export interface LoginState {
  from?: string;
}

/**
 * The page to open after logging in or registering: the one asked for (history state `from`,
 * put there by the login guard), when it is a page of this app, with its query; home otherwise.
 * Anything else (another origin, `//host`, `/\host`, `javascript:`, an unknown path, the login page
 * itself) is ignored, so a crafted link cannot send a fresh login elsewhere.
 */
export function returnTarget(state: unknown): string {
  const from = (state as LoginState | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return DEFAULT_TARGET;
  let url: URL;
  try {
    url = new URL(from, BASE);
  } catch {
    return DEFAULT_TARGET;
  }
  if (url.origin !== BASE) return DEFAULT_TARGET;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return PAGES.has(path) ? `${path}${url.search}${url.hash}` : DEFAULT_TARGET;
}

/** The state the login guard gives the login page: the page asked for, to return to it. */
export function loginStateFor(location: { pathname: string; search: string; hash?: string }): LoginState {
  return { from: `${location.pathname}${location.search}${location.hash ?? ''}` };
}
