import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints';
import { useSession } from '../../hooks/useSession';

/** Invalidate this prefix after joining or leaving a room so the sidebar refreshes. */
export const MY_ROOMS_QUERY_KEY = ['me', 'rooms'] as const;

/** The signed-in user's active rooms, newest join first (empty for visitors). */
export function useMyRooms(limit: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...MY_ROOMS_QUERY_KEY, limit, user?.id ?? null],
    queryFn: async () => (await api.rooms.mine(limit)).rooms,
    enabled: Boolean(user),
    staleTime: 30_000,
  });
}
