import { useQuery } from '@tanstack/react-query';
import type { RoomUnreadDto, UnreadSummaryResponse } from '../../shared/api/read-state';
import { api } from '../api/endpoints';
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
