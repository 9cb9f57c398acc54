import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  filtersToQuery,
  isSearchable,
  type DiscoveryFilters,
  type DiscoveryListResponse,
  type UpstreamProblem,
} from '../../../shared/api/discovery';
import type { GoodFirstIssuesResponse } from '../../../shared/api/repositories';
import type { SiteStatsResponse } from '../../../shared/api/rooms';
import { HOME_ISSUES_LIMIT } from '../../../shared/limits';
import { ApiRequestError, apiFetch } from '../../api/http';

export type DiscoveryList = 'trending' | 'recent' | 'active';

const EMPTY_LIST: DiscoveryListResponse = {
  repositories: [],
  total_count: 0,
  count_exact: true,
  count_note: null,
  upstream_total: null,
};

/**
 * List failures on home are logged and the list shows empty (SPEC §8), saying why when GitHub is
 * the reason (the server marks such lists with `upstream_problem`).
 */
async function fetchList(path: string): Promise<DiscoveryListResponse> {
  try {
    return await apiFetch<DiscoveryListResponse>(path);
  } catch (error) {
    console.warn(`Could not load ${path}`, error);
    return { ...EMPTY_LIST, upstream_problem: problemOf(error) };
  }
}

function problemOf(error: unknown): UpstreamProblem {
  if (error instanceof ApiRequestError && error.code === 'upstream_rate_limited') {
    return { kind: 'rate_limited', reset_at: error.resetAt ?? null };
  }
  return { kind: 'unavailable' };
}

function withQuery(path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

export function useDiscoveryList(list: DiscoveryList, filters: DiscoveryFilters, enabled: boolean) {
  const params = filtersToQuery(filters);
  return useQuery({
    queryKey: ['discovery', list, params],
    queryFn: () => fetchList(withQuery(`/api/discovery/${list}`, params)),
    enabled,
    // Rooms come and go quickly; GitHub lists change slowly.
    staleTime: list === 'active' ? 15_000 : 60_000,
  });
}

/** Search results, one page of 6 at a time ('Show more' fetches the next page). */
export function useRepositorySearch(text: string, filters: DiscoveryFilters) {
  const q = text.trim();
  const params = { q, ...filtersToQuery(filters) };
  return useInfiniteQuery({
    queryKey: ['discovery', 'search', params],
    queryFn: ({ pageParam }) =>
      fetchList(withQuery('/api/discovery/search', pageParam > 1 ? { ...params, page: String(pageParam) } : params)),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.has_more ? page + 1 : undefined),
    enabled: isSearchable(q),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Issue fetch failures yield an empty list (SPEC §8), saying why when GitHub is the reason. */
export function useGoodFirstIssues(fullName: string | undefined) {
  return useQuery({
    queryKey: ['repos', fullName ?? '', 'good-first-issues', HOME_ISSUES_LIMIT],
    queryFn: async () => {
      const [owner = '', name = ''] = (fullName ?? '').split('/');
      try {
        const path = `/api/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/good-first-issues`;
        return await apiFetch<GoodFirstIssuesResponse>(`${path}?limit=${HOME_ISSUES_LIMIT}`);
      } catch (error) {
        console.warn(`Could not load good first issues of ${fullName ?? ''}`, error);
        return { issues: [], upstream_problem: problemOf(error) } satisfies GoodFirstIssuesResponse;
      }
    },
    enabled: Boolean(fullName),
    staleTime: 60_000,
  });
}

export function useSiteStats() {
  return useQuery({
    queryKey: ['stats'],
    queryFn: () => apiFetch<SiteStatsResponse>('/api/stats'),
    staleTime: 30_000,
    // Coming back to the home page counts what the user did meanwhile (a new room, messages).
    refetchOnMount: 'always',
  });
}
