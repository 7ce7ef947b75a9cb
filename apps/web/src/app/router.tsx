import { routes } from '@prism/domain';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BareLayout } from './layouts/BareLayout';
import { PageLayout } from './layouts/PageLayout';
import { RootLayout } from './layouts/RootLayout';
import { lazyShell, RoutePage } from './pages';
import { type Layout, routeTable } from './routeTable';

/**
 * The router: history mode, base '/', one <Route> per entry of the route
 * table, grouped under their layout. The declarative router is used (not the
 * data router) because it is a third of the size and the pages need no loaders.
 */
// The tab layout shows the user (it needs the API client), so it loads with the first tab page, not with the shell.
const TabLayout = lazyShell(() => import('./layouts/TabLayout').then((module) => module.TabLayout));

const inLayout = (layout: Layout) =>
  routeTable
    .filter((entry) => entry.meta.layout === layout)
    .map((entry) => <Route key={entry.path} path={entry.path} element={<RoutePage entry={entry} />} />);

export function AppRouter() {
  return (
    // No transitions: a page that is still loading shows the (delayed) loading indicator instead of the old page.
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route element={<BareLayout />}>{inLayout('bare')}</Route>
          <Route element={<TabLayout />}>{inLayout('tab')}</Route>
          <Route element={<PageLayout />}>{inLayout('page')}</Route>
          <Route path="*" element={<Navigate to={routes.load} replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
