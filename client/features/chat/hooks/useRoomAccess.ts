import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiRequestError } from '../../../api/http';
import { api } from '../../../api/endpoints';
import { chatApi } from '../../../api/chat-endpoints';
import { useSession } from '../../../hooks/useSession';

export const roomQueryKey = (roomId: string) => ['chat', 'room', roomId] as const;

/**
 * Loads the room. Anyone may read it (docs/PRODUCT.md §22): opening it never joins. A member
 * reads and writes; a signed-in non-member reads and is offered "Join Chat" (`join`), a visitor
 * reads and is offered "Sign in to chat". A missing id or a failed read sends the user home; a
 * room that does not exist sends a visitor to sign in.
 */
export function useRoomAccess(roomId: string | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user, isLoading: sessionLoading } = useSession();
  const leaving = useRef(false);
  const [joining, setJoining] = useState(false);

  const query = useQuery({
    queryKey: roomQueryKey(roomId ?? ''),
    queryFn: ({ signal }) => api.rooms.details(roomId ?? '', { signal }),
    enabled: Boolean(roomId),
    retry: false,
    staleTime: 0,
  });

  useEffect(() => {
    if (roomId && !query.isError) return;
    if (sessionLoading) return;
    // Banned from the room: the server's words say so.
    if (query.error instanceof ApiRequestError && query.error.status === 403) toast.error(query.error.message);
    if (roomId && !user) {
      void navigate('/auth', { replace: true, state: { from: `${location.pathname}${location.search}` } });
    } else {
      void navigate('/', { replace: true });
    }
  }, [roomId, query.isError, query.error, navigate, user, sessionLoading, location.pathname, location.search]);

  const details = query.data;
  const isMember = Boolean(details?.membership && details.membership.left_at === null);

  const join = useCallback(async () => {
    if (!roomId || joining) return;
    setJoining(true);
    try {
      await chatApi.rooms.joinById(roomId);
      // The sidebar's rooms, the home page's counts… and this room, now with a membership.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'chat' });
      await queryClient.invalidateQueries({ queryKey: roomQueryKey(roomId) });
      toast.success('Joined chat successfully');
    } catch (error) {
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
    } finally {
      setJoining(false);
    }
  }, [roomId, joining, queryClient]);

  const markLeaving = useCallback(() => {
    leaving.current = true;
  }, []);

  return {
    details,
    /** The room is loaded: safe to read. */
    ready: Boolean(details),
    /** The user is an active member: may write, react, subscribe and be seen online. */
    isMember,
    /** Signed in (a non-member is offered "Join Chat"; a visitor "Sign in to chat"). */
    signedIn: Boolean(user),
    join,
    joining,
    /** Call before leaving so the page does not act on the room on the way out. */
    markLeaving,
  };
}
