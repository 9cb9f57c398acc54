import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { protectionApi } from '../../../api/protection-endpoints';
import { getRealtimeClient } from '../../../api/realtime';

export const heldMessagesKey = (roomId: string | undefined) => ['held-messages', roomId ?? ''] as const;

/**
 * How often the held messages are read again anyway: changes arrive as `held.changed` frames, this
 * only heals one that was lost (a reconnect, a process that went away).
 */
export const HELD_HEAL_MS = 60_000;

/**
 * The room's held messages (docs/PRODUCT.md §20): a moderator's to review, or the reader's own
 * waiting (or not approved) ones. Read when the room opens, and again when the socket says they
 * changed: a message held or reviewed (moderators), or one's own message approved or rejected.
 */
export function useHeldMessages(roomId: string | undefined, signedIn: boolean) {
  const queryClient = useQueryClient();
  const enabled = Boolean(roomId) && signedIn;
  const held = useQuery({
    queryKey: heldMessagesKey(roomId),
    queryFn: () => protectionApi.held(roomId ?? ''),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.can_review || data?.held.some((h) => h.status === 'pending') ? HELD_HEAL_MS : false;
    },
  });

  useEffect(() => {
    if (!enabled) return;
    return getRealtimeClient().watchUser((frame) => {
      if (frame.type !== 'held.changed' || frame.room_id !== roomId) return;
      void queryClient.invalidateQueries({ queryKey: heldMessagesKey(roomId) });
    });
  }, [enabled, roomId, queryClient]);

  return held;
}

/** Approve and Reject, for the room's moderators. */
export function useReviewActions(roomId: string | undefined) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: heldMessagesKey(roomId) });
  const onError = (error: Error) => toast.error('Could not review the message', { description: error.message });
  const approve = useMutation({ mutationFn: protectionApi.approve, onSettled: settle, onError });
  const reject = useMutation({ mutationFn: protectionApi.reject, onSettled: settle, onError });
  return { approve: (id: string) => approve.mutate(id), reject: (id: string) => reject.mutate(id) };
}
