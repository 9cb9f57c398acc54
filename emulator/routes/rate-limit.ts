import type { ApiContext, Route } from '../api/context';
import type { RateResource } from '../api/ratelimit';

/** GET /rate_limit reports every bucket of the caller and, like on GitHub, costs nothing. */
function overview(ctx: ApiContext) {
  const view = (resource: RateResource) => {
    const v = ctx.state.limiter.peek(resource, ctx.rateIdentity, ctx.authenticated, ctx.nowMs);
    return { limit: v.limit, used: v.used, remaining: v.remaining, reset: Math.ceil(v.resetMs / 1000) };
  };
  const resources = { core: view('core'), search: view('search'), graphql: view('graphql') };
  return { status: 200, body: { resources, rate: resources.core } };
}

export const rateLimitRoutes: Route[] = [
  { method: 'GET', pattern: '/rate_limit', resource: 'none', handler: overview },
];
