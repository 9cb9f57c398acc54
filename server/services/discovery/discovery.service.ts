import type { Logger } from 'pino';
import {
  SEARCH_RESULTS_MAX,
  usesChatFilters,
  type DiscoveryFilters,
  type DiscoveryListResponse,
  type DiscoveryRepositoryDto,
  type UpstreamProblem,
} from '../../../shared/api/discovery';
import { ACTIVE_LIST_LIMIT, CARD_LIST_LIMIT } from '../../../shared/limits';
import { discoveryRepository, type RoomActivityRow } from '../../db/repositories/discovery.repository';
import type { GitHubApi, ReadOptions, UpstreamAllowance } from '../../github/github-services';
import { GitHubError } from '../../github/github-services';
import type { GitHubRepository } from '../../github/github-types';
import type { Infrastructure } from '../../context';
import { chatCriteria, passesChatCriteria } from './chat-criteria';
import {
  createdAfter,
  filterClauses,
  joinQualifiers,
  matchesAll,
  trendingClause,
  type SearchClause,
} from './search-clauses';
import { minimalRepository, presentDiscoveryRepository } from './repository.presenter';

/** Recently Created without a created filter: repositories created after this day. */
export const RECENT_DEFAULT_CREATED_AFTER = '2024-01-01';
/** GitHub's largest page: the window the chat filters are checked on for free-text searches. */
export const SEARCH_WINDOW = 100;
/** How many rooms are examined when a chat filter needs our rooms' repositories. */
export const ROOM_CANDIDATES_LIMIT = 100;
/** How many recently active rooms are examined when filters narrow 'Active now'. */
export const ACTIVE_CANDIDATES_LIMIT = 30;
const REPOSITORY_LOOKUP_CONCURRENCY = 4;

export interface DiscoveryResult {
  body: DiscoveryListResponse;
  /** False when GitHub failed and the list is a placeholder: it must not be cached. */
  complete: boolean;
}

type DiscoveryDeps = Pick<Infrastructure, 'database' | 'github' | 'logger' | 'now'>;

const EMPTY: DiscoveryListResponse = {
  repositories: [],
  total_count: 0,
  count_exact: true,
  count_note: null,
  upstream_total: null,
};

export function createDiscoveryService(deps: DiscoveryDeps) {
  const rooms = discoveryRepository(deps.database.db);
  const api: GitHubApi = deps.github.api;
  const logger: Logger = deps.logger;

  async function roomsByKey(repos: GitHubRepository[]): Promise<Map<string, RoomActivityRow>> {
    const rows = await rooms.roomsForRepos([...new Set(repos.map((repo) => repo.full_name.toLowerCase()))]);
    return new Map(rows.map((row) => [row.repo_key, row]));
  }

  async function present(repos: GitHubRepository[]): Promise<DiscoveryRepositoryDto[]> {
    const byKey = await roomsByKey(repos);
    return repos.map((repo) => presentDiscoveryRepository(repo, byKey.get(repo.full_name.toLowerCase())));
  }

  /** Repositories of rooms, looked up one by one (cached by the GitHub client); failures are left out. */
  async function lookUp(
    candidates: RoomActivityRow[],
  ): Promise<Array<{ room: RoomActivityRow; repo: GitHubRepository }>> {
    const found: Array<{ room: RoomActivityRow; repo: GitHubRepository } | null> = await mapLimit(
      candidates,
      REPOSITORY_LOOKUP_CONCURRENCY,
      async (room) => {
        try {
          return { room, repo: await api.getRepository(room.repo_full_name) };
        } catch (error) {
          logger.warn({ err: error, repo: room.repo_full_name }, 'discovery: repository lookup failed');
          return null;
        }
      },
    );
    return found.filter((entry): entry is { room: RoomActivityRow; repo: GitHubRepository } => entry !== null);
  }

  /**
   * A list whose whole query is made of qualifiers we can also evaluate ourselves (trending,
   * recent). The chat filters are then exact: repositories with qualifying rooms are checked
   * directly, and rooms that must be excluded are subtracted from GitHub's count.
   */
  async function structuredList(
    clauses: SearchClause[],
    filters: DiscoveryFilters,
    read: ReadOptions,
  ): Promise<DiscoveryListResponse> {
    const q = joinQualifiers(clauses);
    if (!usesChatFilters(filters)) {
      const result = await api.searchRepositories({ q, sort: 'stars', order: 'desc', perPage: CARD_LIST_LIMIT }, read);
      return {
        repositories: await present(result.items.slice(0, CARD_LIST_LIMIT)),
        total_count: result.total_count,
        count_exact: true,
        count_note: null,
        upstream_total: result.total_count,
      };
    }
    const criteria = chatCriteria(filters);
    if (!criteria.acceptsNoRoom) {
      if (!criteria.members) return EMPTY;
      const candidates = await rooms.roomsByMemberCount(criteria.members, ROOM_CANDIDATES_LIMIT + 1);
      const truncated = candidates.length > ROOM_CANDIDATES_LIMIT;
      const matching = (await lookUp(candidates.slice(0, ROOM_CANDIDATES_LIMIT)))
        .filter((entry) => matchesAll(clauses, entry.repo))
        .sort((a, b) => b.repo.stargazers_count - a.repo.stargazers_count || a.repo.id - b.repo.id);
      return {
        repositories: matching
          .slice(0, CARD_LIST_LIMIT)
          .map((entry) => presentDiscoveryRepository(entry.repo, entry.room)),
        total_count: matching.length,
        count_exact: !truncated,
        count_note: truncated ? roomsNote() : null,
        upstream_total: null,
      };
    }
    // Every repository without a room passes; only rooms that fail the criteria are removed.
    const allRooms = await rooms.mostRecentlyActive(ROOM_CANDIDATES_LIMIT + 1);
    const truncated = allRooms.length > ROOM_CANDIDATES_LIMIT;
    const failing = allRooms
      .slice(0, ROOM_CANDIDATES_LIMIT)
      .filter((room) => !passesChatCriteria(criteria, room.active_members));
    const excluded = (await lookUp(failing)).filter((entry) => matchesAll(clauses, entry.repo));
    const excludedKeys = new Set(excluded.map((entry) => entry.repo.full_name.toLowerCase()));
    const result = await api.searchRepositories(
      { q, sort: 'stars', order: 'desc', perPage: Math.min(SEARCH_WINDOW, CARD_LIST_LIMIT + excluded.length) },
      read,
    );
    const kept = result.items.filter((repo) => !excludedKeys.has(repo.full_name.toLowerCase()));
    return {
      repositories: await present(kept.slice(0, CARD_LIST_LIMIT)),
      total_count: Math.max(0, result.total_count - excluded.length),
      count_exact: !truncated,
      count_note: truncated ? roomsNote() : null,
      upstream_total: result.total_count,
    };
  }

  async function guarded(
    what: string,
    details: Record<string, unknown>,
    run: () => Promise<DiscoveryListResponse>,
    read: ReadOptions = {},
  ): Promise<DiscoveryResult> {
    try {
      return { body: await run(), complete: true };
    } catch (error) {
      // A visitor's own query refused for quota gets a clear "try again later", not an empty
      // list that would read as "no matches".
      if (read.visitor && error instanceof GitHubError && error.kind === 'rate_limited') throw error;
      // docs/PRODUCT.md §8: list fetch failures on home are logged and the list shows empty.
      const level = error instanceof GitHubError && error.kind === 'invalid_query' ? 'info' : 'warn';
      logger[level]({ err: error, list: what, ...details }, 'discovery list failed; answering an empty list');
      return { body: { ...EMPTY, upstream_problem: upstreamProblemOf(error) }, complete: false };
    }
  }

  return {
    /** Trending: more than 10000 stars, most stars first, with the filters' qualifiers. */
    trending(filters: DiscoveryFilters, caller: Caller = {}): Promise<DiscoveryResult> {
      const own = filterClauses(filters, deps.now());
      const read = readFor(caller, own, filters);
      return guarded('trending', { filters }, () => structuredList([trendingClause(), ...own], filters, read), read);
    },

    /** Recently Created: created after 2024-01-01 (or in the created filter's range), most stars first. */
    recent(filters: DiscoveryFilters, caller: Caller = {}): Promise<DiscoveryResult> {
      const clauses = filterClauses(filters, deps.now());
      const read = readFor(caller, clauses, filters);
      if (filters.dateRange === 'all') clauses.push(createdAfter(RECENT_DEFAULT_CREATED_AFTER));
      return guarded('recent', { filters }, () => structuredList(clauses, filters, read), read);
    },

    /** Active now: repositories of the rooms with the newest messages (rooms nobody wrote in are left out). */
    active(filters: DiscoveryFilters): Promise<DiscoveryResult> {
      return guarded('active', { filters }, async () => {
        const clauses = filterClauses(filters, deps.now());
        const narrowed = clauses.length > 0 || usesChatFilters(filters);
        const limit = narrowed ? ACTIVE_CANDIDATES_LIMIT : ACTIVE_LIST_LIMIT;
        const recentRooms = await rooms.mostRecentlyMessaged(limit + 1);
        const truncated = narrowed && recentRooms.length > limit;
        const criteria = chatCriteria(filters);
        const considered = recentRooms
          .slice(0, limit)
          .filter((room) => passesChatCriteria(criteria, room.active_members));
        const entries = await mapLimit(considered, REPOSITORY_LOOKUP_CONCURRENCY, async (room) => {
          try {
            return { room, repo: await api.getRepository(room.repo_full_name) };
          } catch (error) {
            // The room stays listed under its name, like a room whose repository lookup failed.
            logger.warn({ err: error, repo: room.repo_full_name }, 'discovery: active room lookup failed');
            return { room, repo: minimalRepository(room.repo_full_name, deps.github.webUrl) };
          }
        });
        const matching = entries.filter((entry) => matchesAll(clauses, entry.repo));
        return {
          repositories: matching
            .slice(0, ACTIVE_LIST_LIMIT)
            .map((entry) => presentDiscoveryRepository(entry.repo, entry.room)),
          total_count: matching.length,
          count_exact: !truncated,
          count_note: truncated ? `Among the ${limit} rooms with the newest messages` : null,
          upstream_total: null,
        };
      });
    },

    /**
     * Search: the user's text (GitHub qualifiers typed by the user work) plus the filters'
     * qualifiers, best match first. Chat filters are checked on GitHub's first 100 matches.
     */
    search(text: string, filters: DiscoveryFilters, page = 1, caller: Caller = {}): Promise<DiscoveryResult> {
      const q = joinQualifiers(filterClauses(filters, deps.now()), text);
      const read = visitorRead(caller);
      return guarded(
        'search',
        { q, page },
        async () => {
          if (!usesChatFilters(filters)) {
            // One GitHub page per 'Show more' (cached like every GitHub read); GitHub stops at 1,000.
            const result = await api.searchRepositories({ q, perPage: CARD_LIST_LIMIT, page }, read);
            const reachable = Math.min(result.total_count, SEARCH_RESULTS_MAX);
            return {
              repositories: await present(result.items.slice(0, CARD_LIST_LIMIT)),
              total_count: result.total_count,
              count_exact: true,
              count_note: null,
              upstream_total: result.total_count,
              has_more: page * CARD_LIST_LIMIT < reachable && result.items.length > 0,
            };
          }
          const criteria = chatCriteria(filters);
          const result = await api.searchRepositories({ q, perPage: SEARCH_WINDOW }, read);
          const scanned = result.items.slice(0, SEARCH_WINDOW);
          const byKey = await roomsByKey(scanned);
          const matching = scanned.filter((repo) =>
            passesChatCriteria(criteria, byKey.get(repo.full_name.toLowerCase())?.active_members ?? null),
          );
          const exact = result.total_count <= scanned.length;
          const start = (page - 1) * CARD_LIST_LIMIT;
          return {
            repositories: matching
              .slice(start, start + CARD_LIST_LIMIT)
              .map((repo) => presentDiscoveryRepository(repo, byKey.get(repo.full_name.toLowerCase()))),
            has_more: matching.length > start + CARD_LIST_LIMIT,
            total_count: matching.length,
            count_exact: exact,
            count_note: exact
              ? null
              : `Chat filters checked the top ${scanned.length} of ${result.total_count.toLocaleString('en-US')} matches`,
            upstream_total: result.total_count,
          };
        },
        read,
      );
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

/** Who asks for a list: `visitor` when signed out. */
export interface Caller {
  visitor?: boolean;
  /** A visitor's share of the visitors' search pool (visitor-search-share.ts), spent by their own queries. */
  upstream?: UpstreamAllowance;
}

/**
 * The home page's own lists (no filter) are what everyone sees: they may spend the reserve.
 * A signed-out visitor's filtered variant is their own query, and may not.
 */
function readFor(caller: Caller, filterQualifiers: SearchClause[], filters: DiscoveryFilters): ReadOptions {
  const ownList = filterQualifiers.length === 0 && !usesChatFilters(filters);
  return visitorRead({ visitor: caller.visitor === true && !ownList, upstream: caller.upstream });
}

/** A visitor's own query spends the visitor's share; other reads spend none. */
function visitorRead(caller: Caller): ReadOptions {
  if (caller.visitor !== true) return { visitor: false };
  return caller.upstream ? { visitor: true, upstream: caller.upstream } : { visitor: true };
}

function roomsNote(): string {
  return `Chat filters checked the ${ROOM_CANDIDATES_LIMIT} most recently active rooms`;
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** What the home page tells the reader about a failed list (a query GitHub refused is just "no matches"). */
function upstreamProblemOf(error: unknown): UpstreamProblem | null {
  if (!(error instanceof GitHubError)) return { kind: 'unavailable' };
  if (error.kind === 'invalid_query' || error.kind === 'not_found') return null;
  if (error.kind === 'rate_limited') return { kind: 'rate_limited', reset_at: error.resetAt?.toISOString() ?? null };
  return { kind: 'unavailable' };
}
