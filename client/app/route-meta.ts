import type { Params } from 'react-router';
import type { PageMetaInput } from '../../shared/meta';

/** What a route's `handle.meta` receives to describe its page before the page adds detail. */
export interface RouteMetaContext {
  params: Params;
  pathname: string;
  publicUrl: string;
}

export interface RouteHandle {
  meta?: (context: RouteMetaContext) => PageMetaInput;
}
