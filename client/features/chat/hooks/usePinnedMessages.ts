import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { toast } from '../../../lib/toast';
import type { PinnedMessageDto } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { api } from '../../../api/endpoints';
import { ApiRequestError } from '../../../api/http';

const NO_PINS: PinnedMessageDto[] = [];

/** The room's pinned messages (for the 'Pinned' button and the message menus), kept current by room events. */
export function usePinnedMessages(roomId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = useMemo(() => ['chat', 'pins', roomId ?? ''] as const, [roomId]);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api.rooms.pins(roomId ?? '', { signal })).pins,
    enabled: enabled && Boolean(roomId),
  });
  const pins = query.data ?? NO_PINS;
  const pinnedIds = useMemo(() => new Set(pins.map((pin) => pin.message.id)), [pins]);

  const applyEvent = useCallback(
    (event: RoomEvent) => {
      if (
        event.type === 'message.pinned' ||
        event.type === 'message.unpinned' ||
        ((event.type === 'message.deleted' || event.type === 'message.updated') && roomId)
      ) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [queryClient, key, roomId],
  );

  const setPinned = useCallback((messageId: string, pinned: boolean) => {
    (pinned ? api.messages.pin(messageId) : api.messages.unpin(messageId)).catch((error: unknown) => {
      toast.error(pinned ? 'Failed to pin message' : 'Failed to unpin message', {
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
    });
  }, []);

  return { pins, pinnedIds, applyEvent, setPinned };
}
