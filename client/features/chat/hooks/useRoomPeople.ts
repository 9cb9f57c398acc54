import { useMemo } from 'react';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import type { RoomStore } from '../state/room-store-context';
import { useStoreSlice } from '../state/room-store-context';

/** The room's members from its store, with what the messages derive from them. */
export function useRoomPeople(store: RoomStore) {
  const members = useStoreSlice(store, (view) => view.members);
  return useMemo(
    () => ({
      members,
      /** Lower-cased usernames, for mentions that name a member. */
      knownUsernames: new Set(members.flatMap((m) => (m.user.username ? [m.user.username.toLowerCase()] : []))),
      moderatorIds: new Set(members.flatMap((m) => (m.moderator ? [m.user.id] : []))),
      people: new Map<string, UserSummaryDto>(members.map((m) => [m.user.id, m.user])),
    }),
    [members],
  );
}
