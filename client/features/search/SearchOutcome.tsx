import { parseSearchQuery } from '../../../shared/search/search-query';
import { Button } from '../../components/ui/Button';
import { IncompleteNote, SearchResults } from './SearchResults';
import { useMessageSearch } from './useMessageSearch';

interface SearchOutcomeProps {
  q: string;
  roomId?: string;
  onOpen?(): void;
}

/** What a submitted search found: results, "No messages found", or why it failed with "Try again". */
export function SearchOutcome({ q, roomId, onOpen }: SearchOutcomeProps) {
  const search = useMessageSearch(q, roomId);
  const terms = parseSearchQuery(q).terms;
  if (q === '') return null;
  if (search.isPending && search.fetchStatus === 'idle') {
    return <p className="text-sm text-muted-foreground">Type something to search for</p>;
  }
  if (search.isPending) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        Searching…
      </p>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>{search.error.message || "Couldn't search messages"}</p>
        <Button variant="outline" size="sm" onClick={() => void search.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const results = search.data.pages.flatMap((page) => page.results);
  const incomplete = search.data.pages.some((page) => page.incomplete);
  if (results.length === 0) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground" role="status">
          No messages found
        </p>
        {incomplete && <IncompleteNote />}
      </div>
    );
  }
  return (
    <SearchResults
      results={results}
      terms={terms}
      showRoom={roomId === undefined}
      hasMore={search.hasNextPage}
      incomplete={incomplete}
      loadingMore={search.isFetchingNextPage}
      onLoadMore={() => void search.fetchNextPage()}
      {...(onOpen ? { onOpen } : {})}
    />
  );
}
