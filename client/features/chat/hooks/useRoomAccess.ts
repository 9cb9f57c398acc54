import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiRequestError } from '../../../api/http';
import { api } from '../../../api/endpoints';

export const roomQueryKey = (roomId: string) => ['chat', 'room', roomId] as const;

/**
 * Loads the room and makes sure the user is an active member: someone opening an invite link
 * joins on arrival. A missing id, an unknown room or a failed join sends the user home.
 */
export function useRoomAccess(roomId: string | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const joinStarted = useRef<string | null>(null);
  const leaving = useRef(false);
  const [joinFailed, setJoinFailed] = useState(false);

  const query = useQuery({
    queryKey: roomQueryKey(roomId ?? ''),
    queryFn: ({ signal }) => api.rooms.details(roomId ?? '', { signal }),
    enabled: Boolean(roomId),
    retry: false,
    staleTime: 0,
  });

  useEffect(() => {
    if (!roomId || query.isError) navigate('/', { replace: true });
  }, [roomId, query.isError, navigate]);

  const details = query.data;
  const isMember = Boolean(details?.membership && details.membership.left_at === null);

  useEffect(() => {
    if (!roomId || !details || isMember || leaving.current || joinStarted.current === roomId) return;
    joinStarted.current = roomId;
    api.rooms
      .joinById(roomId)
      .then(() => queryClient.invalidateQueries({ queryKey: roomQueryKey(roomId) }))
      .catch((error: unknown) => {
        setJoinFailed(true);
        if (error instanceof ApiRequestError && error.status === 429) {
          toast.error('Rate Limited', {
            description: `Please wait ${error.retryAfterSeconds ?? 60} seconds before joining another room`,
          });
        } else if (error instanceof ApiRequestError && error.status === 403) {
          // Banned from the room: the server's words say so.
          toast.error('Failed to join chat room', { description: error.message });
        } else {
          toast.error('Failed to join chat room');
        }
        navigate('/', { replace: true });
      });
  }, [roomId, details, isMember, navigate, queryClient]);

  const markLeaving = useCallback(() => {
    leaving.current = true;
  }, []);

  return {
    details,
    /** The room is loaded and the user is an active member: safe to read and subscribe. */
    ready: Boolean(details && isMember && !joinFailed),
    /** Call before leaving so the page does not join again on the way out. */
    markLeaving,
  };
}
