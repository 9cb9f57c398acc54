import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MemberDto } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { api } from '../../../api/endpoints';

const membersKey = (roomId: string) => ['chat', 'members', roomId] as const;
/** One empty list while loading, so that what is derived from the members keeps its identity. */
const NO_MEMBERS: MemberDto[] = [];

/** Active members, newest join first, kept current by member.joined / left / role_changed events. */
export function useRoomMembers(roomId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: membersKey(roomId ?? ''),
    queryFn: async ({ signal }) => (await api.rooms.members(roomId ?? '', { signal })).members,
    enabled: enabled && Boolean(roomId),
    staleTime: Infinity,
  });

  const applyEvent = useCallback(
    (event: RoomEvent) => {
      if (!roomId) return;
      if (!event.type.startsWith('member.')) return;
      const key = membersKey(roomId);
      const state = queryClient.getQueryState(key);
      // A list still loading may have been read before this event: its answer would overwrite the
      // change. Read it again instead (the new request starts after the event was committed).
      if (state?.data === undefined || state.fetchStatus === 'fetching') {
        // Cancelled first: a first load in flight would otherwise be reused, not asked again.
        void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.invalidateQueries({ queryKey: key }));
        return;
      }
      if (event.type === 'member.joined') {
        queryClient.setQueryData<MemberDto[]>(key, (members = []) => [
          event.member,
          ...members.filter((m) => m.user.id !== event.member.user.id),
        ]);
      } else if (event.type === 'member.left') {
        queryClient.setQueryData<MemberDto[]>(key, (members = []) =>
          members.filter((m) => m.user.id !== event.user_id),
        );
      } else if (event.type === 'member.role_changed') {
        queryClient.setQueryData<MemberDto[]>(key, (members = []) =>
          members.map((m) => (m.user.id === event.user_id ? { ...m, moderator: event.moderator } : m)),
        );
      } else if (event.type === 'member.muted') {
        queryClient.setQueryData<MemberDto[]>(key, (members = []) =>
          members.map((m) => (m.user.id === event.user_id ? { ...m, muted_until: event.muted_until } : m)),
        );
      }
    },
    [queryClient, roomId],
  );

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  return { members: query.data ?? NO_MEMBERS, isLoading: query.isLoading, applyEvent, reload };
}
