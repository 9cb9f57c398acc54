import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRealtimeClient } from '../api/realtime';
import { setUnreadTitleCount } from './usePageMeta';
import { useSession } from './useSession';
import { UNREAD_QUERY_KEY, useUnreadSummary } from './useUnread';

/**
 * Keeps the unread counts live for a signed-in user (read positions moving in other tabs, messages
 * in rooms that are not open) and the document title's "(N) " in step with them. Mounted once, with
 * the header's signed-in buttons: visitors never download it, nor the socket's code.
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
    const stop = getRealtimeClient().watchUser(refresh);
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [user, queryClient]);

  const total = user ? (data?.rooms ?? []).reduce((sum, room) => sum + room.unread_count, 0) : 0;
  useEffect(() => {
    setUnreadTitleCount(total);
  }, [total]);
  useEffect(() => () => setUnreadTitleCount(0), []);
}
