import { useMemo } from 'react';
import { GoodFirstIssues } from '../../components/repositories/GoodFirstIssues';
import { RepositoryList } from '../../components/repositories/RepositoryList';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import type { ListProps } from './HomePage';
import { HomeSection } from './HomeSections';
import { useGoodFirstIssues, useRepositorySearch } from './useSearch';

/** The results of a search, page by page, and good first issues of the first result. */
export default function SearchResults({
  query,
  filters,
  onJoin,
  joining,
  memberRoomId,
  onOpen,
}: ListProps & { query: string }) {
  const search = useRepositorySearch(query, filters);
  const loading = search.isLoading || search.isPlaceholderData;
  const firstPage = search.data?.pages[0];
  const repositories = useMemo(() => search.data?.pages.flatMap((page) => page.repositories), [search.data]);
  const first = loading ? undefined : repositories?.[0];
  const issues = useGoodFirstIssues(first?.full_name);
  const total = firstPage?.total_count ?? 0;
  return (
    <>
      <HomeSection
        title="Search Results"
        actions={
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {!loading && (
              <Badge variant="secondary" data-testid="search-count" aria-label={`${total} results`}>
                {total.toLocaleString('en-US')}
              </Badge>
            )}
            {!loading && firstPage?.count_note && <span>{firstPage.count_note}</span>}
          </div>
        }
      >
        <RepositoryList
          repositories={loading ? undefined : repositories}
          isLoading={loading}
          problem={firstPage?.upstream_problem}
          onRetry={() => void search.refetch()}
          emptyText={`No repositories found for “${query}”.`}
          onJoin={onJoin}
          joining={joining}
          memberRoomId={memberRoomId}
          onOpen={onOpen}
          limit={Infinity}
        />
        {!loading && search.hasNextPage && (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void search.fetchNextPage()}
            disabled={search.isFetchingNextPage}
          >
            {search.isFetchingNextPage ? 'Loading more...' : 'Show more'}
          </Button>
        )}
      </HomeSection>
      {first && (
        <HomeSection title="Good first issues">
          <p className="-mt-2 text-sm text-muted-foreground">
            Beginner-friendly open issues in <span className="font-medium text-foreground">{first.full_name}</span>
          </p>
          <GoodFirstIssues
            issues={issues.data?.issues}
            isLoading={issues.isLoading}
            problem={issues.data?.upstream_problem}
            onRetry={() => void issues.refetch()}
          />
        </HomeSection>
      )}
    </>
  );
}
