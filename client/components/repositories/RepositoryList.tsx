import type { DiscoveryRepositoryDto, UpstreamProblem } from '../../../shared/api/discovery';
import { UpstreamProblemNotice } from './UpstreamProblemNotice';
import { CARD_LIST_LIMIT } from '../../../shared/limits';
import { useNow } from '../../hooks/useNow';
import { Card } from '../ui/Card';
import { Skeleton } from '../ui/Skeleton';
import { RepositoryCard } from './RepositoryCard';

export interface RepositoryListProps {
  repositories: DiscoveryRepositoryDto[] | undefined;
  isLoading: boolean;
  emptyText: string;
  onJoin(fullName: string): void;
  joining: string | null;
  /** The signed-in user's room for a repository, if they are a member. */
  memberRoomId?(fullName: string): string | undefined;
  onOpen?(roomId: string): void;
  /** How many cards to show (search shows every page loaded so far). */
  limit?: number;
  /** GitHub failed: say so, with "Try again", instead of the empty text. */
  problem?: UpstreamProblem | null | undefined;
  onRetry?(): void;
}

/** Up to 6 repository cards (or `limit`), loading placeholders while fetching, a short line when empty. */
export function RepositoryList({
  repositories,
  isLoading,
  emptyText,
  onJoin,
  joining,
  memberRoomId,
  onOpen,
  limit = CARD_LIST_LIMIT,
  problem,
  onRetry,
}: RepositoryListProps) {
  const now = useNow();
  if (isLoading) {
    return (
      <div
        role="status"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        aria-label="Loading repositories"
      >
        {Array.from({ length: CARD_LIST_LIMIT }, (_, i) => (
          <Card key={i} className="flex flex-col gap-3 p-4" data-testid="repository-skeleton">
            <div className="flex items-center gap-3">
              <Skeleton className="h-9 w-9 rounded-full" />
              <Skeleton className="h-4 w-40" />
            </div>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-9 w-full" />
          </Card>
        ))}
      </div>
    );
  }
  if ((!repositories || repositories.length === 0) && problem) {
    return <UpstreamProblemNotice problem={problem} onRetry={onRetry} />;
  }
  if (!repositories || repositories.length === 0) {
    return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  }
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {repositories.slice(0, limit).map((repository) => (
        <RepositoryCard
          key={repository.full_name}
          repository={repository}
          onJoin={onJoin}
          joining={joining === repository.full_name}
          disabled={joining !== null}
          memberRoomId={memberRoomId?.(repository.full_name)}
          onOpen={onOpen}
          now={now}
        />
      ))}
    </div>
  );
}
