import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  filtersToQuery,
  isSearchable,
  type DiscoveryFilters,
  type DiscoveryListResponse,
  type UpstreamProblem,
} from '../../../shared/api/discovery';
import type { GoodFirstIssuesResponse } from '../../../shared/api/repositories';
import { HOME_ISSUES_LIMIT } from '../../../shared/limits';
import { ApiRequestError } from '../../api/http';
import { api } from '../../api/endpoints';

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
async function fetchList(what: string, load: () => Promise<DiscoveryListResponse>): Promise<DiscoveryListResponse> {
  try {
    return await load();
  } catch (error) {
    console.warn(`Could not load ${what}`, error);
    return { ...EMPTY_LIST, upstream_problem: problemOf(error) };
  }
}

function problemOf(error: unknown): UpstreamProblem {
  if (error instanceof ApiRequestError && error.code === 'upstream_rate_limited') {
    return { kind: 'rate_limited', reset_at: error.resetAt ?? null };
  }
  return { kind: 'unavailable' };
}

export function useDiscoveryList(list: DiscoveryList, filters: DiscoveryFilters, enabled: boolean) {
  const params = filtersToQuery(filters);
  return useQuery({
    queryKey: ['discovery', list, params],
    queryFn: () => fetchList(list, () => api.discovery.list(list, params)),
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
      fetchList('search', () => api.discovery.search(pageParam > 1 ? { ...params, page: String(pageParam) } : params)),
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
        return await api.repos.goodFirstIssues(owner, name, HOME_ISSUES_LIMIT);
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
    queryFn: () => api.site.stats(),
    staleTime: 30_000,
    // Coming back to the home page counts what the user did meanwhile (a new room, messages).
    refetchOnMount: 'always',
  });
}
