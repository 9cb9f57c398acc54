import { Link } from 'react-router';
import type { MessageSearchHitDto } from '../../../shared/api/search';
import { excerptAround, markMatches } from '../../../shared/search/search-query';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { fullTimeLabel } from '../../lib/day-label';
import { timeAgo } from '../../lib/relative-time';
import { useNow } from '../../hooks/useNow';
import { displayName } from '../../../shared/display-name';

interface SearchResultsProps {
  results: MessageSearchHitDto[];
  terms: string[];
  /** Show the room of each result (searches over every room). */
  showRoom: boolean;
  hasMore: boolean;
  /** The search stopped at its time budget: there may be more than is shown. */
  incomplete?: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  /** Called when a result is opened (a panel closes itself). */
  onOpen?(): void;
}

/** Found messages, newest first: author, room, time and the excerpt with each match marked. */
export function SearchResults({
  results,
  terms,
  showRoom,
  hasMore,
  incomplete = false,
  loadingMore,
  onLoadMore,
  onOpen,
}: SearchResultsProps) {
  const now = useNow();
  return (
    <div className="flex flex-col gap-2">
      {incomplete && <IncompleteNote />}
      <ul aria-label="Search results" className="flex flex-col gap-1">
        {results.map((hit) => {
          const name = displayName(hit.author, 'Someone');
          return (
            <li key={hit.id}>
              <Link
                to={`/chat/${encodeURIComponent(hit.room_id)}?message=${encodeURIComponent(hit.id)}`}
                onClick={onOpen}
                className="flex gap-3 rounded-md p-2 text-sm hover:bg-muted focus-visible:bg-muted"
                data-testid="search-result"
              >
                <Avatar src={hit.author.avatar_url} name={name} className="h-8 w-8" />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{name}</span>
                    {hit.author.username && <span>@{hit.author.username}</span>}
                    {showRoom && <span className="font-mono">{hit.repo_full_name}</span>}
                    {hit.thread_root_id && <span data-testid="search-in-thread">in thread</span>}
                    <time dateTime={hit.created_at} title={fullTimeLabel(hit.created_at)}>
                      {timeAgo(hit.created_at, now)}
                    </time>
                  </span>
                  <span className="mt-0.5 block break-words">
                    {markMatches(excerptAround(hit.content, terms), terms).map((part, index) =>
                      part.match ? (
                        <mark
                          key={index}
                          className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-700"
                        >
                          {part.text}
                        </mark>
                      ) : (
                        <span key={index}>{part.text}</span>
                      ),
                    )}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </div>
  );
}

/** Shown when the server stopped a search at its time budget. */
export function IncompleteNote() {
  return (
    <p className="text-xs text-muted-foreground" role="note">
      Results may be incomplete: the search took too long. Try more words, or search one room.
    </p>
  );
}
