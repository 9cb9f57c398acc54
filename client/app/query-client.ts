import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES, QUERY_RETRY_CAP_MS, QUERY_STALE_MS } from '../../shared/limits';
import { ApiRequestError } from '../api/http';

/** docs/PRODUCT.md §9: 3 retries with exponential backoff capped at 30 s; 5-minute cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_STALE_MS,
        retry: (failureCount, error) => {
          // A 4xx answer will not change by asking again.
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
          return failureCount < QUERY_RETRIES;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS),
        refetchOnWindowFocus: false,
      },
    },
  });
}
