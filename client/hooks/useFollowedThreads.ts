import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { threadsApi } from '../api/threads';
import { getRealtimeClient } from '../api/realtime';

export const FOLLOWED_THREADS_QUERY_KEY = ['me', 'threads'] as const;

/** A slow re-read that heals what no frame says (a thread read on another device, a missed frame). */
const HEAL_INTERVAL_MS = 60_000;

/**
 * The threads the reader follows, with unread counts ("Threads", /threads). With `live`, a new
 * reply in a followed thread (the server's `thread.activity`, whether its room is open or not)
 * reads them again at once.
 */
export function useFollowedThreads(live = false) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live) return;
    return getRealtimeClient().watchUser((frame) => {
      if (frame.type === 'thread.activity')
        void queryClient.invalidateQueries({ queryKey: FOLLOWED_THREADS_QUERY_KEY });
    });
  }, [live, queryClient]);
  return useQuery({
    queryKey: FOLLOWED_THREADS_QUERY_KEY,
    queryFn: ({ signal }) => threadsApi.followed({ signal }),
    ...(live ? { refetchInterval: HEAL_INTERVAL_MS, refetchOnWindowFocus: true } : {}),
  });
}
