import { useLocation } from 'react-router-dom';
import { type RouteMeta, routeTable } from './routeTable';

const metaByPath = new Map(routeTable.map((entry) => [entry.path, entry.meta]));

/** The meta of the current page (all paths are static, so a lookup by pathname suffices). */
export function metaOf(pathname: string): RouteMeta | undefined {
  return metaByPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

export function useRouteMeta(): RouteMeta | undefined {
  return metaOf(useLocation().pathname);
}
