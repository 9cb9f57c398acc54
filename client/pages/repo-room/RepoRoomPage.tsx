import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { JoinRoomRequest, RoomActivityResponse } from '../../../shared/api/rooms';
import { ApiRequestError, apiFetch } from '../../api/http';
import { api } from '../../api/endpoints';
import { MY_ROOMS_QUERY_KEY } from '../../components/layout/useMyRooms';
import { Button } from '../../components/ui/Button';
import { usePageMeta } from '../../hooks/usePageMeta';
import { useSession } from '../../hooks/useSession';

type Failure = { title: string; detail: string; retry: boolean };
type Found = { kind: 'room'; roomId: string } | { kind: 'no-room' };

/** The room of a repository, if it has one (GET /api/rooms/activity, which creates nothing). */
async function findRoom(fullName: string): Promise<Found> {
  const { activity } = await apiFetch<RoomActivityResponse>(
    `/api/rooms/activity?repos=${encodeURIComponent(fullName)}`,
  );
  const entry = Object.entries(activity).find(([repo]) => repo.toLowerCase() === fullName.toLowerCase());
  return entry ? { kind: 'room', roomId: entry[1].room_id } : { kind: 'no-room' };
}

function failureOf(error: unknown, fullName: string): Failure {
  if (error instanceof ApiRequestError && error.status === 404) {
    return { title: 'Repository not found', detail: `There is no public repository ${fullName}.`, retry: false };
  }
  if (error instanceof ApiRequestError && error.status === 429) {
    return {
      title: 'Rate Limited',
      detail: `Please wait ${error.retryAfterSeconds ?? 60} seconds before joining another room`,
      retry: true,
    };
  }
  const detail = error instanceof ApiRequestError && error.message ? error.message : 'Failed to join the chat room';
  return { title: 'Error joining chat', detail, retry: true };
}

/**
 * `/r/{owner}/{name}`: the readable address of a repository's room. Opening it never joins
 * (docs/PRODUCT.md §22): a room that exists opens at `/chat/{roomId}` (keeping any `?message=`),
 * readable by anyone; a repository without a room yet offers "Join Chat" (which creates it) or
 * "Sign in to chat".
 */
export default function RepoRoomPage() {
  const { owner = '', name = '' } = useParams();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [noRoom, setNoRoom] = useState(false);
  const [joining, setJoining] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fullName = `${owner}/${name}`;
  usePageMeta({ title: `${fullName} chat`, path: `/r/${owner}/${name}`, noindex: true });

  useEffect(() => {
    let cancelled = false;
    findRoom(fullName)
      .then(async (found) => {
        if (cancelled) return;
        if (found.kind === 'room') {
          void navigate(`/chat/${encodeURIComponent(found.roomId)}${search}`, { replace: true });
          return;
        }
        // No room yet: the repository must exist for one to be created.
        await api.repos.details(owner, name);
        if (!cancelled) setNoRoom(true);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(failureOf(error, fullName));
      });
    return () => {
      cancelled = true;
    };
  }, [fullName, owner, name, search, navigate, attempt]);

  const join = () => {
    setJoining(true);
    const body: JoinRoomRequest = { repoFullName: fullName };
    api.rooms
      .join(body)
      .then(({ room }) => {
        void queryClient.invalidateQueries({ queryKey: MY_ROOMS_QUERY_KEY });
        void navigate(`/chat/${encodeURIComponent(room.id)}${search}`, { replace: true });
      })
      .catch((error: unknown) => setFailure(failureOf(error, fullName)))
      .finally(() => setJoining(false));
  };

  if (failure) {
    return (
      <div className="flex h-64 flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-lg font-semibold">{failure.title}</h1>
        <p className="text-sm text-muted-foreground">{failure.detail}</p>
        <div className="flex gap-2">
          {failure.retry && (
            <Button
              variant="outline"
              onClick={() => {
                setFailure(null);
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          )}
          <Button onClick={() => void navigate('/')}>Back to Home</Button>
        </div>
      </div>
    );
  }
  if (noRoom) {
    return (
      <div className="flex h-64 flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-lg font-semibold">{fullName}</h1>
        <p className="text-sm text-muted-foreground">Nobody has chatted about this repository yet.</p>
        {user ? (
          <Button onClick={join} disabled={joining}>
            Join Chat
          </Button>
        ) : (
          <Button onClick={() => void navigate('/auth', { state: { from: `${pathname}${search}` } })}>
            Sign in to chat
          </Button>
        )}
      </div>
    );
  }
  return (
    <div role="status" className="flex h-64 items-center justify-center text-sm text-muted-foreground">
      Opening {fullName}...
    </div>
  );
}
