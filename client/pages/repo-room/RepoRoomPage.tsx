import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { JoinRoomRequest } from '../../../shared/api/rooms';
import { ApiRequestError } from '../../api/http';
import { api } from '../../api/endpoints';
import { MY_ROOMS_QUERY_KEY } from '../../components/layout/useMyRooms';
import { Button } from '../../components/ui/Button';
import { usePageMeta } from '../../hooks/usePageMeta';

type Failure = { title: string; detail: string; retry: boolean };

/**
 * `/r/{owner}/{name}`: the readable address of a repository's room. Finds or creates the room
 * exactly as "Join Chat" does (joining it when needed), then shows it at `/chat/{roomId}`,
 * keeping any `?message=` of the link. Visitors pass through sign-in first (RequireAuth).
 */
export default function RepoRoomPage() {
  const { owner = '', name = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fullName = `${owner}/${name}`;
  usePageMeta({ title: `${fullName} chat`, path: `/r/${owner}/${name}`, noindex: true });

  useEffect(() => {
    let cancelled = false;
    const body: JoinRoomRequest = { repoFullName: fullName };
    api.rooms
      .join(body)
      .then(({ room }) => {
        if (cancelled) return;
        void queryClient.invalidateQueries({ queryKey: MY_ROOMS_QUERY_KEY });
        void navigate(`/chat/${encodeURIComponent(room.id)}${search}`, { replace: true });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiRequestError && error.status === 404) {
          setFailure({
            title: 'Repository not found',
            detail: `There is no public repository ${fullName}.`,
            retry: false,
          });
        } else if (error instanceof ApiRequestError && error.status === 429) {
          setFailure({
            title: 'Rate Limited',
            detail: `Please wait ${error.retryAfterSeconds ?? 60} seconds before joining another room`,
            retry: true,
          });
        } else {
          const detail =
            error instanceof ApiRequestError && error.message ? error.message : 'Failed to join the chat room';
          setFailure({ title: 'Error joining chat', detail, retry: true });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [fullName, search, navigate, queryClient, attempt]);

  if (!failure) {
    return (
      <div role="status" className="flex h-64 items-center justify-center text-sm text-muted-foreground">
        Opening {fullName}...
      </div>
    );
  }
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
