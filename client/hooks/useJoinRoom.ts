import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import type { JoinRoomRequest } from '../../shared/api/rooms';
import { ApiRequestError } from '../api/http';
import { api } from '../api/endpoints';
import { MY_ROOMS_QUERY_KEY } from '../components/layout/useMyRooms';
import { useSession } from './useSession';

/** The query parameter that asks the home page to join a repository's room (set after sign-in). */
export const JOIN_AFTER_SIGN_IN_PARAM = 'join';

/** Where sign-in returns a visitor who wanted to join a room: home, which then joins it. */
export function joinReturnPath(repoFullName: string): string {
  return `/?${JOIN_AFTER_SIGN_IN_PARAM}=${encodeURIComponent(repoFullName)}`;
}

/**
 * Joining a repository's room from a card (docs/PRODUCT.md §4): visitors are told to sign in (the toast's
 * 'Sign in' comes back here and finishes the join); members land in the room. `joining` is the
 * repository being joined (its button is disabled meanwhile).
 */
export function useJoinRoom() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [joining, setJoining] = useState<string | null>(null);
  const busy = useRef(false);

  const askToSignIn = useCallback(
    (repoFullName: string) => {
      toast.error('Authentication required', {
        description: 'Please sign in to join the chat',
        action: {
          label: 'Sign in',
          onClick: () => void navigate('/auth', { state: { from: joinReturnPath(repoFullName) } }),
        },
      });
    },
    [navigate],
  );

  const join = useCallback(
    async (repoFullName: string) => {
      if (!user) {
        askToSignIn(repoFullName);
        return;
      }
      if (busy.current) return;
      busy.current = true;
      setJoining(repoFullName);
      try {
        const body: JoinRoomRequest = { repoFullName };
        const { room } = await api.rooms.join(body);
        void queryClient.invalidateQueries({ queryKey: MY_ROOMS_QUERY_KEY });
        await navigate(`/chat/${room.id}`);
        toast.success('Joined chat successfully');
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) {
          askToSignIn(repoFullName);
        } else if (error instanceof ApiRequestError && error.status === 429) {
          toast.error('Rate Limited', {
            description: `Please wait ${error.retryAfterSeconds ?? 60} seconds before joining another room`,
          });
        } else {
          const message =
            error instanceof ApiRequestError && error.message ? error.message : 'Failed to join the chat room';
          toast.error('Error joining chat', { description: message });
        }
      } finally {
        busy.current = false;
        setJoining(null);
      }
    },
    [user, navigate, queryClient, askToSignIn],
  );

  return { join, joining };
}
