import { useQuery } from '@tanstack/react-query';
import { threadsApi } from '../api/threads';

export const FOLLOWED_THREADS_QUERY_KEY = ['me', 'threads'] as const;

/**
 * The threads the reader follows, with unread counts ("Threads", /threads). Replies in rooms that
 * are not open arrive with no event here: `poll` reads them again now and then.
 */
export function useFollowedThreads(poll = false) {
  return useQuery({
    queryKey: FOLLOWED_THREADS_QUERY_KEY,
    queryFn: ({ signal }) => threadsApi.followed({ signal }),
    ...(poll ? { refetchInterval: 5_000 } : {}),
  });
}
