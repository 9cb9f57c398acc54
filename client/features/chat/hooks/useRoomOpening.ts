import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchUnreadSummary, UNREAD_QUERY_KEY } from '../../../hooks/useUnread';
import type { ListAnchor } from '../components/MessageList';

export interface RoomOpening {
  /** False until it is known where the room opens (the first page waits for it). */
  settled: boolean;
  anchor: ListAnchor | null;
  /** "New messages" goes above this message for the whole visit. */
  unreadFromId: string | null;
}

/**
 * Where a room opens: at a linked message (`?message=`), else at the first message the user has
 * not read (fetched fresh, then fixed for this visit, since reading moves it), else at the bottom.
 */
export function useRoomOpening(roomId: string | undefined, linkedId: string | null, enabled: boolean): RoomOpening {
  const queryClient = useQueryClient();
  const [firstUnread, setFirstUnread] = useState<{ roomId: string; id: string | null } | null>(null);

  useEffect(() => {
    if (!enabled || !roomId) return;
    let cancelled = false;
    fetchUnreadSummary()
      .then((summary) => {
        if (cancelled) return;
        queryClient.setQueriesData({ queryKey: UNREAD_QUERY_KEY }, summary);
        const room = summary.rooms.find((entry) => entry.room_id === roomId);
        setFirstUnread({ roomId, id: room?.first_unread_message_id ?? null });
      })
      .catch(() => {
        // Without counts the room opens at the bottom, as it always did.
        if (!cancelled) setFirstUnread({ roomId, id: null });
      });
    return () => {
      cancelled = true;
    };
  }, [roomId, enabled, queryClient]);

  const known = firstUnread?.roomId === roomId ? firstUnread : null;
  const unreadFromId = known?.id ?? null;
  if (linkedId) return { settled: true, anchor: { id: linkedId, kind: 'link' }, unreadFromId };
  if (!known) return { settled: false, anchor: null, unreadFromId: null };
  return { settled: true, anchor: unreadFromId ? { id: unreadFromId, kind: 'unread' } : null, unreadFromId };
}
