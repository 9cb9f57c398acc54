import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MemberDto } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { api } from '../../../api/endpoints';

const membersKey = (roomId: string) => ['chat', 'members', roomId] as const;
/** One empty list while loading, so that what is derived from the members keeps its identity. */
const NO_MEMBERS: MemberDto[] = [];

/** Active members, newest join first, kept current by member.joined / member.left events. */
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
      if (event.type === 'member.joined') {
        queryClient.setQueryData<MemberDto[]>(membersKey(roomId), (members = []) => [
          event.member,
          ...members.filter((m) => m.user.id !== event.member.user.id),
        ]);
      } else if (event.type === 'member.left') {
        queryClient.setQueryData<MemberDto[]>(membersKey(roomId), (members = []) =>
          members.filter((m) => m.user.id !== event.user_id),
        );
      }
    },
    [queryClient, roomId],
  );

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  return { members: query.data ?? NO_MEMBERS, isLoading: query.isLoading, applyEvent, reload };
}
