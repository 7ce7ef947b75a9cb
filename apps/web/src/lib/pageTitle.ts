import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A page's own bar title where one route shows several things (the login page's Log in, Register
 * and Forgot password panels). Keyed by the page's path, so that it never shows on another page.
 */
let current: { pathname: string; title: string } | undefined;
const listeners = new Set<() => void>();

function publish(next: typeof current): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the bar title of the current page while the calling component shows (undefined: the route's own). */
export function useBarTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (title === undefined) return;
    publish({ pathname, title });
    return () => {
      if (current?.pathname === pathname && current.title === title) publish(undefined);
    };
  }, [pathname, title]);
}

/** The title the current page set for its bar, if any (the page layout shows it instead of the route's). */
export function useBarTitleOf(pathname: string): string | undefined {
  const set = useSyncExternalStore(subscribe, () => current);
  return set?.pathname === pathname ? set.title : undefined;
}
