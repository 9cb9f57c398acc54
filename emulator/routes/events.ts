import type { ApiContext, ApiResult, Route } from '../api/context';
import { ApiError } from '../api/errors';
import { paginate, readPage } from '../api/paging';
import { MAX_LISTED_EVENTS } from '../activity/store';
import { listedEvent } from '../control/activity';
import { resolveRepo } from './repo-lookup';

/**
 * GET /repos/{o}/{r}/events: what happened in the repository while the emulator ran, newest
 * first, paged, with X-Poll-Interval. The body (and so the ETag) changes only when an event
 * arrives or one leaves the 30-day window; a matching If-None-Match answers 304 for free.
 */
function listRepoEvents(ctx: ApiContext): ApiResult {
  const repo = resolveRepo(ctx, '/events');
  const { page: number, perPage } = readPage(ctx.query);
  // Like GitHub, a page starting past the 300 listed events is refused rather than empty.
  if ((number - 1) * perPage >= MAX_LISTED_EVENTS)
    throw new ApiError(422, {
      message:
        'In order to keep the API fast for everyone, pagination is limited for this resource. Check the rel=last link relation in the Link response header to see how far back you can traverse.',
      documentation_url: 'https://docs.github.com/v3/#pagination',
      status: '422',
    });
  const page = paginate(ctx, ctx.state.activity.listed(repo.full_name, ctx.nowMs));
  return {
    status: 200,
    body: page.items.map((e) => listedEvent(ctx, e)),
    headers: { ...page.headers, 'x-poll-interval': String(ctx.pollIntervalSeconds) },
  };
}

export const eventRoutes: Route[] = [
  { method: 'GET', pattern: '/repos/:owner/:repo/events', resource: 'core', handler: listRepoEvents },
  { method: 'GET', pattern: '/repositories/:id/events', resource: 'core', handler: listRepoEvents },
];
