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

export function splitRepoFullName(fullName: string): { owner: string; name: string } {
  const slash = fullName.indexOf('/');
  return slash < 0
    ? { owner: fullName, name: fullName }
    : { owner: fullName.slice(0, slash), name: fullName.slice(slash + 1) };
}

/** The owner's avatar for a sidebar entry; failures are silent (docs/PRODUCT.md §8). */
export function useRepositoryAvatar(fullName: string): string | null {
  const { owner, name } = splitRepoFullName(fullName);
  const query = useQuery({
    queryKey: ['repos', owner, name, 'details'],
    queryFn: () => api.repos.details(owner, name),
    retry: false,
    enabled: Boolean(owner && name),
  });
  return query.data?.owner.avatar_url ?? null;
}
