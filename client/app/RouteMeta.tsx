import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { META_PRIORITY, usePageMeta, usePublicUrl } from '../hooks/usePageMeta';
import type { RouteHandle } from './route-meta';

/**
 * Default metadata of the current route (from its `handle.meta`). A page that calls
 * usePageMeta itself overrides it.
 */
export function RouteMeta({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const { pathname } = location;
  const publicUrl = usePublicUrl();
  const matches = matchRoutes(routes, location) ?? [];
  let meta = { path: pathname } as ReturnType<NonNullable<RouteHandle['meta']>>;
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match?.route.handle as RouteHandle | undefined;
    if (handle?.meta) {
      meta = handle.meta({ params: match?.params ?? {}, pathname, publicUrl });
      break;
    }
  }
  usePageMeta(meta, META_PRIORITY.route);
  return null;
}
