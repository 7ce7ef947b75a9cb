import { useLocation } from 'react-router-dom';
import { type RouteEntry, type RouteMeta, routeTable } from './routeTable';

const entryByPath = new Map(routeTable.map((entry) => [entry.path, entry]));

/** The route of a path (all paths are static, so a lookup by pathname suffices). */
export function entryOf(pathname: string): RouteEntry | undefined {
  return entryByPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** The meta of the current page. */
export function metaOf(pathname: string): RouteMeta | undefined {
  return entryOf(pathname)?.meta;
}

export function useRouteMeta(): RouteMeta | undefined {
  return metaOf(useLocation().pathname);
}
