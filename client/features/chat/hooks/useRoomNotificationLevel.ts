import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  DEFAULT_NOTIFICATION_LEVEL,
  NOTIFICATION_LEVEL_LABELS,
  type NotificationLevel,
  type NotificationLevelRequest,
  type NotificationLevelResponse,
} from '../../../../shared/api/notifications';
import type { UnreadSummaryResponse } from '../../../../shared/api/read-state';
import { apiFetch } from '../../../api/http';
import { UNREAD_QUERY_KEY, useUnreadSummary } from '../../../hooks/useUnread';
import { toast } from '../../../lib/toast';

/**
 * (Its one call is written here, not in client/api/endpoints.ts, whose every byte the home page
 * downloads.)
 *
 * How the signed-in member hears about the room (from the unread summary, where the sidebar reads
 * it too) and changing it: shown at once, then the counts are read again (a muted room counts
 * only mentions).
 */
export function useRoomNotificationLevel(roomId: string | undefined) {
  const queryClient = useQueryClient();
  const { byRoom } = useUnreadSummary();
  const level = (roomId && byRoom.get(roomId)?.notification_level) || DEFAULT_NOTIFICATION_LEVEL;

  const setLevel = useCallback(
    async (next: NotificationLevel) => {
      if (!roomId) return;
      queryClient.setQueriesData<UnreadSummaryResponse>({ queryKey: UNREAD_QUERY_KEY }, (summary) =>
        summary
          ? {
              rooms: summary.rooms.map((room) =>
                room.room_id === roomId ? { ...room, notification_level: next } : room,
              ),
            }
          : summary,
      );
      try {
        await apiFetch<NotificationLevelResponse>(`/api/rooms/${encodeURIComponent(roomId)}/notifications`, {
          method: 'PUT',
          body: { level: next } satisfies NotificationLevelRequest,
        });
        toast.success(`Notifications: ${NOTIFICATION_LEVEL_LABELS[next]}`);
      } catch {
        toast.error('Failed to change notifications');
      }
      await queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
    },
    [roomId, queryClient],
  );
  return { level, setLevel };
}
