import { PAGE_CONFIG_KEYS, routes } from '@prism/domain';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { telegramSession } from '../lib/api';
import { loadSysCfgValue } from '../lib/config';
import { loadPageStrings } from '../lib/i18n';
import { BareLayout } from './layouts/BareLayout';
import { PageLayout } from './layouts/PageLayout';
import { RootLayout } from './layouts/RootLayout';
import { lazyShell, RoutePage } from './pages';
import { entryOf } from './routeMeta';
import { type Layout, routeTable } from './routeTable';

/**
 * The router: history mode, base '/', one <Route> per entry of the route
 * table, grouped under their layout. The declarative router is used (not the
 * data router) because it is a third of the size and the pages need no loaders.
 */
// The tab layout shows the user (it needs the API client), so it loads with the first tab page, not with the shell.
const loadTabLayout = () => import('./layouts/TabLayout');
const TabLayout = lazyShell(() => loadTabLayout().then((module) => module.TabLayout));
// react-query and the pages' UI strings load with the first page beyond the entry and login pages.
const loadFullLayout = () => Promise.all([import('./layouts/FullLayout'), loadPageStrings()]).then(([module]) => module);
const FullLayout = lazyShell(() => loadFullLayout().then((module) => module.FullLayout));

const inLayout = (layout: Layout, lean?: boolean) =>
  routeTable
    .filter((entry) => entry.meta.layout === layout && (lean === undefined || entry.meta.lean === lean))
    .map((entry) => <Route key={entry.path} path={entry.path} element={<RoutePage entry={entry} />} />);

/**
 * Starts what the first page needs while the language loads, instead of one after the other as
 * the nested lazy components would discover them: its layouts, its module, the login page's
 * configuration, and, for a linked Telegram user without a token on a page that needs one (or
 * on the entry page), Telegram's sign-in: the page opened is the one loaded, not the login page.
 */
export function preloadRoute(pathname: string): void {
  let entry = entryOf(pathname) ?? entryOf(routes.load);
  const step = telegramSession.step();
  const entering = entry?.path === routes.load || entry?.path === routes.loadAlias;
  if (step === 'telegram' && (entry?.meta.auth || entering)) void telegramSession.ensure();
  if (entry?.meta.auth && step === 'login') entry = entryOf(routes.login);
  if (!entry) return;
  const ignore = () => undefined;
  entry.load().catch(ignore);
  if (!entry.meta.lean) loadFullLayout().catch(ignore);
  if (entry.meta.layout === 'tab') loadTabLayout().catch(ignore);
  // Already there when core embedded them in index.html (lib/config.ts); asked for under Vite's dev server.
  if (entry.meta.name === 'login') for (const key of PAGE_CONFIG_KEYS) void loadSysCfgValue(key);
}

export function AppRouter() {
  return (
    // No transitions: a page that is still loading shows the (delayed) loading indicator instead of the old page.
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route element={<BareLayout />}>{inLayout('bare')}</Route>
          <Route element={<PageLayout />}>{inLayout('page', true)}</Route>
          <Route element={<FullLayout />}>
            <Route element={<TabLayout />}>{inLayout('tab')}</Route>
            <Route element={<PageLayout />}>{inLayout('page', false)}</Route>
          </Route>
          <Route path="*" element={<Navigate to={routes.load} replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
