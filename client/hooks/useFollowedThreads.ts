import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { threadsApi } from '../api/threads';
import { getRealtimeClient } from '../api/realtime';

export const FOLLOWED_THREADS_QUERY_KEY = ['me', 'threads'] as const;

/** A slow re-read that heals what no frame says (a thread read on another device, a missed frame). */
const HEAL_INTERVAL_MS = 60_000;

/**
 * The first `limit` threads the reader follows, with the count of those with unread replies
 * ("Threads", /threads; every limit shares the key's prefix, so one invalidation reaches all). With `live`, a new
 * reply in a followed thread (the server's `thread.activity`, whether its room is open or not)
 * reads them again at once.
 */
export function useFollowedThreads(limit: number, live = false) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live) return;
    return getRealtimeClient().watchUser((frame) => {
      if (frame.type === 'thread.activity')
        void queryClient.invalidateQueries({ queryKey: FOLLOWED_THREADS_QUERY_KEY });
    });
  }, [live, queryClient]);
  return useQuery({
    queryKey: [...FOLLOWED_THREADS_QUERY_KEY, limit],
    queryFn: ({ signal }) => threadsApi.followed(limit, { signal }),
    // "Show more" keeps the threads on screen while the longer list is read.
    placeholderData: keepPreviousData,
    ...(live ? { refetchInterval: HEAL_INTERVAL_MS, refetchOnWindowFocus: true } : {}),
  });
}
