import type { ApiContext, ApiResult } from '../api/context';
import { unprocessable, validationFailed } from '../api/errors';
import { linkHeader, readPage } from '../api/paging';

export const SEARCH_CAP = 1000;

/** The `q` parameter, or 422 "missing" like GitHub. */
export function requireQ(ctx: ApiContext): string {
  const q = ctx.query.get('q');
  if (q === null || q.trim() === '') throw validationFailed('missing');
  return q;
}

/**
 * Pages a ranked result list: only the first 1,000 results are reachable (total_count still
 * reports all of them), and the Link header's last page stops at that cap.
 */
export function searchPage<T>(
  ctx: ApiContext,
  ranked: T[],
  present: (item: T) => unknown,
  extra: Record<string, unknown> = {},
): ApiResult {
  const { perPage, page } = readPage(ctx.query);
  const start = (page - 1) * perPage;
  if (start >= SEARCH_CAP) {
    throw unprocessable('Only the first 1000 search results are available', 'https://docs.github.com/v3/search/');
  }
  const reachable = Math.min(ranked.length, SEARCH_CAP);
  const lastPage = Math.max(1, Math.ceil(reachable / perPage));
  const items = ranked.slice(start, Math.min(start + perPage, SEARCH_CAP)).map(present);
  const link = linkHeader(ctx, page, lastPage);
  return {
    status: 200,
    body: { total_count: ranked.length, incomplete_results: false, items, ...extra },
    headers: link ? { link } : {},
  };
}

/** asc/desc comparison helper with a stable tie-breaker. */
export function direction(ctx: ApiContext): 1 | -1 {
  return ctx.query.get('order') === 'asc' ? 1 : -1;
}
