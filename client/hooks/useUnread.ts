import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RoomUnreadDto, UnreadSummaryResponse } from '../../shared/api/read-state';
import { api } from '../api/endpoints';
import { setUnreadTitleCount } from './usePageMeta';
import { useSession } from './useSession';

/** Under 'me', so signing out forgets it with the rest of the user's answers. */
export const UNREAD_QUERY_KEY = ['me', 'unread'] as const;

export function fetchUnreadSummary(): Promise<UnreadSummaryResponse> {
  return api.readState.unread();
}

/** Unread counts and mention markers of every room of the signed-in user, by room id. */
export function useUnreadSummary() {
  const { user } = useSession();
  const query = useQuery({
    queryKey: [...UNREAD_QUERY_KEY, user?.id ?? null],
    queryFn: fetchUnreadSummary,
    enabled: Boolean(user),
    staleTime: 10_000,
    // Live updates come over the socket; this only heals a missed one.
    refetchInterval: 60_000,
  });
  const byRoom = new Map<string, RoomUnreadDto>((query.data?.rooms ?? []).map((room) => [room.room_id, room]));
  return { byRoom, data: query.data };
}

/** "99+" beyond 99. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * Keeps the unread counts live for a signed-in user (read positions moving in other tabs, messages
 * in rooms that are not open) and the document title's "(N) " in step with them. Mounted once.
 */
export function useUnreadLive(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { data } = useUnreadSummary();

  useEffect(() => {
    if (!user) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // A burst of messages becomes one refetch.
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
      }, 300);
    };
    // Only signed-in users need the socket: visitors never download its code.
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('../api/realtime').then(({ getRealtimeClient }) => {
      if (!stopped) stop = getRealtimeClient().watchUser(refresh);
    });
    return () => {
      stopped = true;
      stop?.();
      if (timer) clearTimeout(timer);
    };
  }, [user, queryClient]);

  const total = user ? (data?.rooms ?? []).reduce((sum, room) => sum + room.unread_count, 0) : 0;
  useEffect(() => {
    setUnreadTitleCount(total);
  }, [total]);
  useEffect(() => () => setUnreadTitleCount(0), []);
}
