import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { filtersToQuery, isSearchable, type DiscoveryFilters } from '../../../shared/api/discovery';
import type { GoodFirstIssuesResponse } from '../../../shared/api/repositories';
import { HOME_ISSUES_LIMIT } from '../../../shared/limits';
import { api } from '../../api/endpoints';
import { fetchList, problemOf } from './useDiscovery';

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

/** Issue fetch failures yield an empty list (docs/PRODUCT.md §8), saying why when GitHub is the reason. */
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
