import { useLocation, useMatches } from 'react-router';
import { META_PRIORITY, usePageMeta, usePublicUrl } from '../hooks/usePageMeta';
import type { RouteHandle } from './route-meta';

/**
 * Default metadata of the current route (from its `handle.meta`). A page that calls
 * usePageMeta itself overrides it.
 */
export function RouteMeta() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const publicUrl = usePublicUrl();
  let meta = { path: pathname } as ReturnType<NonNullable<RouteHandle['meta']>>;
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.meta) {
      meta = handle.meta({ params: matches[i]?.params ?? {}, pathname, publicUrl });
      break;
    }
  }
  usePageMeta(meta, META_PRIORITY.route);
  return null;
}
