import { useInfiniteQuery } from '@tanstack/react-query';
import { isSearchable, parseSearchQuery } from '../../../shared/search/search-query';
import { api } from '../../api/endpoints';

/** Results of a message search, page by page (newest first); idle while the text has nothing to look for. */
export function useMessageSearch(q: string, roomId?: string) {
  const searchable = isSearchable(parseSearchQuery(q));
  return useInfiniteQuery({
    queryKey: ['message-search', roomId ?? 'all', q],
    queryFn: ({ pageParam, signal }) => api.search.messages({ q, roomId, before: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    enabled: searchable,
    // A search shows what is there now: no stale results from a previous visit.
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });
}
