import { useQuery } from '@tanstack/react-query';
import {
  filtersToQuery,
  type DiscoveryFilters,
  type DiscoveryListResponse,
  type UpstreamProblem,
} from '../../../shared/api/discovery';
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
 * List failures on home are logged and the list shows empty (docs/PRODUCT.md §8), saying why when GitHub is
 * the reason (the server marks such lists with `upstream_problem`).
 */
export async function fetchList(
  what: string,
  load: () => Promise<DiscoveryListResponse>,
): Promise<DiscoveryListResponse> {
  try {
    return await load();
  } catch (error) {
    console.warn(`Could not load ${what}`, error);
    return { ...EMPTY_LIST, upstream_problem: problemOf(error) };
  }
}

export function problemOf(error: unknown): UpstreamProblem {
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

export function useSiteStats() {
  return useQuery({
    queryKey: ['stats'],
    queryFn: () => api.site.stats(),
    staleTime: 30_000,
    // Coming back to the home page counts what the user did meanwhile (a new room, messages).
    refetchOnMount: 'always',
  });
}
