import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  filtersFromQuery,
  filtersToQuery,
  isSearchable,
  type DiscoveryFilters,
  type LanguageFilter,
} from '../../../shared/api/discovery';
import { RepositoryList } from '../../components/repositories/RepositoryList';
import { useMyRooms } from '../../components/layout/useMyRooms';
import { JOIN_AFTER_SIGN_IN_PARAM, useJoinRoom } from '../../hooks/useJoinRoom';
import { useSession } from '../../hooks/useSession';
import { MY_ROOMS_LIMIT_MAX } from '../../../shared/limits';
import { usePageMeta } from '../../hooks/usePageMeta';
import { FiltersPanel } from './FiltersPanel';
import { HomeHero } from './HomeHero';
import { ContinueChats, ExploreTopics, HomeSection } from './HomeSections';
import { useDiscoveryList } from './useDiscovery';

// Search results (with paging and the good first issues) are downloaded with the first search.
const SearchResults = lazy(() => import('./SearchResults'));

/** The search text's query parameter (`/?q=react&language=Rust`). */
export const QUERY_PARAM = 'q';

/** Home (docs/PRODUCT.md §2.1): hero, filters, and either the discovery sections or the search results. */
export default function HomePage() {
  usePageMeta({ path: '/' });
  // The search and the filters live in the address: a search can be shared, and back and forward
  // walk through searches.
  const [params, setParams] = useSearchParams();
  const query = params.get(QUERY_PARAM) ?? '';
  const filters = useMemo(() => filtersFromQuery(params), [params]);
  const [draft, setDraft] = useState(query);
  // Back/forward (or a link) changed the search: the box shows it.
  const [draftFor, setDraftFor] = useState(query);
  if (draftFor !== query) {
    setDraftFor(query);
    setDraft(query);
  }
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { join, joining } = useJoinRoom();
  const searching = isSearchable(query);
  const membership = useMembership();
  useJoinAfterSignIn(join);

  /** A new search or filter is a new history entry; `replace` for changes within one (a slider). */
  const navigateTo = (next: { query: string; filters: DiscoveryFilters }, replace = false) => {
    const search = new URLSearchParams(filtersToQuery(next.filters));
    if (next.query) search.set(QUERY_PARAM, next.query);
    setParams(search, { replace });
  };
  const submit = (text: string) => {
    // docs/PRODUCT.md §4: submitting sets the query only when the trimmed text is longer than 2 characters.
    if (isSearchable(text)) navigateTo({ query: text.trim(), filters });
    else if (text.trim() === '' && query) navigateTo({ query: '', filters });
  };
  const changeDraft = (text: string) => {
    setDraft(text);
    // Emptying the box goes back to the discovery sections.
    if (text.trim() === '' && query) navigateTo({ query: '', filters }, true);
  };
  const searchTopic = (topic: string) => {
    setDraft(`topic:${topic}`);
    navigateTo({ query: `topic:${topic}`, filters });
  };
  const quickLanguage = (language: LanguageFilter) => {
    setDraft('');
    navigateTo({ query: '', filters: { ...filters, language } });
  };
  const changeFilters = (next: DiscoveryFilters) => {
    // Dragging a star slider changes the range many times: one history entry for the drag.
    const starsOnly =
      next.language === filters.language &&
      next.activityLevel === filters.activityLevel &&
      next.dateRange === filters.dateRange &&
      next.hasChats === filters.hasChats;
    navigateTo({ query, filters: next }, starsOnly);
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 pb-16 sm:px-6">
      <HomeHero
        draft={draft}
        onDraftChange={changeDraft}
        onSubmit={submit}
        language={filters.language}
        onQuickLanguage={quickLanguage}
      />
      <FiltersPanel
        filters={filters}
        onChange={changeFilters}
        expanded={filtersOpen}
        onExpandedChange={setFiltersOpen}
      />
      {searching ? (
        <Suspense fallback={<SearchResultsLoading />}>
          <SearchResults query={query} filters={filters} onJoin={join} joining={joining} {...membership} />
        </Suspense>
      ) : (
        <DiscoverySections filters={filters} onJoin={join} joining={joining} onTopic={searchTopic} {...membership} />
      )}
    </div>
  );
}

/** Rooms the signed-in user is in: their cards say 'Open chat' and open the room directly. */
function useMembership() {
  const navigate = useNavigate();
  const { data: rooms } = useMyRooms(MY_ROOMS_LIMIT_MAX);
  const byRepo = useMemo(
    () => new Map((rooms ?? []).map((room) => [room.repo_full_name.toLowerCase(), room.id])),
    [rooms],
  );
  const memberRoomId = useCallback((fullName: string) => byRepo.get(fullName.toLowerCase()), [byRepo]);
  const onOpen = useCallback((roomId: string) => void navigate(`/chat/${roomId}`), [navigate]);
  return { memberRoomId, onOpen };
}

/** Back from a sign-in started by 'Join Chat': finish joining that room (once), then drop the parameter. */
function useJoinAfterSignIn(join: (fullName: string) => Promise<void>) {
  const { user, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const pending = params.get(JOIN_AFTER_SIGN_IN_PARAM);
  const started = useRef(false);
  useEffect(() => {
    if (!pending || isLoading || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        current.delete(JOIN_AFTER_SIGN_IN_PARAM);
        return current;
      },
      { replace: true },
    );
    // A visitor (the sign-in did not happen) gets the usual 'Authentication required'.
    void join(pending);
  }, [pending, isLoading, user, join, setParams]);
}

export interface ListProps {
  filters: DiscoveryFilters;
  onJoin(fullName: string): void;
  joining: string | null;
  memberRoomId(fullName: string): string | undefined;
  onOpen(roomId: string): void;
}

function DiscoverySections({
  filters,
  onJoin,
  joining,
  onTopic,
  memberRoomId,
  onOpen,
}: ListProps & { onTopic(topic: string): void }) {
  const active = useDiscoveryList('active', filters, true);
  const trending = useDiscoveryList('trending', filters, true);
  const recent = useDiscoveryList('recent', filters, true);
  return (
    <>
      <HomeSection title="Active now">
        <RepositoryList
          repositories={active.data?.repositories}
          isLoading={active.isLoading}
          problem={active.data?.upstream_problem}
          onRetry={() => void active.refetch()}
          emptyText="No active chats right now. Join a repository below to start one."
          onJoin={onJoin}
          joining={joining}
          memberRoomId={memberRoomId}
          onOpen={onOpen}
        />
      </HomeSection>
      <HomeSection title="Trending Repositories">
        <RepositoryList
          repositories={trending.data?.repositories}
          isLoading={trending.isLoading}
          problem={trending.data?.upstream_problem}
          onRetry={() => void trending.refetch()}
          emptyText="No trending repositories match these filters."
          onJoin={onJoin}
          joining={joining}
          memberRoomId={memberRoomId}
          onOpen={onOpen}
        />
      </HomeSection>
      <HomeSection title="Recently Created">
        <RepositoryList
          repositories={recent.data?.repositories}
          isLoading={recent.isLoading}
          problem={recent.data?.upstream_problem}
          onRetry={() => void recent.refetch()}
          emptyText="No recently created repositories match these filters."
          onJoin={onJoin}
          joining={joining}
          memberRoomId={memberRoomId}
          onOpen={onOpen}
        />
      </HomeSection>
      <ExploreTopics onTopic={onTopic} />
      <ContinueChats />
    </>
  );
}

/** While the search results' code loads: the section as it looks while results load. */
function SearchResultsLoading() {
  return (
    <HomeSection title="Search Results">
      <RepositoryList repositories={undefined} isLoading emptyText="" onJoin={() => undefined} joining={null} />
    </HomeSection>
  );
}
