import { type RouteName, routes } from '@prism/domain';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import type { SkeletonShape } from '../components/Skeleton';
import { loginStateFor } from '../features/auth/returnTo';
import { telegramSession } from '../lib/api';
import { type PageProps, parseQuery } from '../lib/query';
import { useSessionStep } from '../lib/telegramSession';
import { withTimeout } from '../lib/timing';
import { PageErrorBoundary } from './layouts/PageErrorBoundary';
import type { RouteEntry } from './routeTable';

/** One lazy component per page module, so each chunk loads once. */
const lazyPages = new Map<RouteEntry['load'], LazyExoticComponent<ComponentType<PageProps>>>();

function lazyPage(load: RouteEntry['load']): LazyExoticComponent<ComponentType<PageProps>> {
  let page = lazyPages.get(load);
  if (!page) {
    // A load that fails or takes over 60 s reaches PageErrorBoundary.
    page = lazy(() => withTimeout(load()));
    lazyPages.set(load, page);
  }
  return page;
}

/** A lazily loaded piece of the shell (a layout), with the same delayed indicator, time-out and error block as pages. */
export function lazyShell<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => withTimeout(load()).then((component) => ({ default: component })));
  return function Shell(props: P) {
    return (
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Lazy {...props} />
        </Suspense>
      </PageErrorBoundary>
    );
  };
}

/** The main screens' shapes: while their module loads they show a skeleton of themselves, not a spinner. */
const SKELETONS: Partial<Record<RouteName, SkeletonShape>> = {
  home: 'balances',
  account: 'balances',
  game: 'game',
  withdrawal: 'form',
  assetRecords: 'list',
};

/**
 * The login guard's step for this page: a page without login is always ready; one that needs a
 * session waits while Telegram signs a linked user in (started here if nothing started it yet).
 */
function useGuard(needsSession: boolean): 'ready' | 'telegram' | 'login' {
  const step = useSessionStep(telegramSession);
  const guarded = needsSession ? step : 'ready';
  useEffect(() => {
    if (guarded === 'telegram') void telegramSession.ensure();
  }, [guarded]);
  return guarded;
}

/**
 * A route's page: the login guard, then the lazily loaded module with the
 * delayed loading indicator, the error block, and the query string as props.
 */
export function RoutePage({ entry }: { entry: RouteEntry }) {
  const location = useLocation();
  const { search, pathname } = location;
  const query = useMemo(() => parseQuery(search), [search]);
  const step = useGuard(entry.meta.auth === true);
  // A linked Telegram user is being signed in: the page's loading state, never the phone form.
  if (step === 'telegram') return <PageLoading shape={SKELETONS[entry.meta.name]} />;
  // The page asked for rides along in the login page's history state: after logging in, it opens.
  if (step === 'login') return <Navigate to={routes.login} replace state={{ depth: 1, ...loginStateFor(location) }} />;
  const Page = lazyPage(entry.load);
  return (
    // Keyed by page, so every page starts with a fresh boundary and its own loading state.
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading shape={SKELETONS[entry.meta.name]} />}>
        <Page query={query} />
      </Suspense>
    </PageErrorBoundary>
  );
}
