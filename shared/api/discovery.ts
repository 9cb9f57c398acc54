/**
 * Discovery on the home page: the JSON contract of /api/discovery/* and the filters object
 * (docs/PRODUCT.md §3 Filters, §9 values). The meaning of every filter is documented in
 * docs/FEATURES.md, section "Discovery filters".
 */
import {
  ACTIVITY_LEVELS,
  CARD_LIST_LIMIT,
  CHAT_STATUSES,
  DATE_RANGES,
  LANGUAGE_FILTERS,
  SEARCH_MIN_LENGTH,
  STAR_FILTER_MAX,
  STAR_FILTER_STEP,
} from '../limits';
import type { RepositoryCardDto } from './repositories';

export type LanguageFilter = (typeof LANGUAGE_FILTERS)[number];
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];
export type DateRange = (typeof DATE_RANGES)[number];
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export interface DiscoveryFilters {
  /** 'All Languages' means no language restriction. */
  language: LanguageFilter;
  /** 0..STAR_FILTER_MAX in STAR_FILTER_STEP steps. */
  minStars: number;
  /** STAR_FILTER_MAX ('100k+') means no upper bound. */
  maxStars: number;
  activityLevel: ActivityLevel;
  dateRange: DateRange;
  hasChats: ChatStatus;
}

export const DEFAULT_FILTERS: DiscoveryFilters = {
  language: 'All Languages',
  minStars: 0,
  maxStars: STAR_FILTER_MAX,
  activityLevel: 'all',
  dateRange: 'all',
  hasChats: 'all',
};

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: 'Any time',
  week: 'Past week',
  month: 'Past month',
  year: 'Past year',
  '2024': 'During 2024',
  '2023': 'During 2023',
};

export const CHAT_STATUS_LABELS: Record<ChatStatus, string> = {
  all: 'All Repositories',
  with_chats: 'With Chats',
  no_chats: 'Without Chats',
};

/** How many filters differ from the defaults (the star range counts once). */
export function countActiveFilters(filters: DiscoveryFilters): number {
  let count = 0;
  if (filters.language !== DEFAULT_FILTERS.language) count += 1;
  if (filters.minStars !== DEFAULT_FILTERS.minStars || filters.maxStars !== DEFAULT_FILTERS.maxStars) count += 1;
  if (filters.activityLevel !== DEFAULT_FILTERS.activityLevel) count += 1;
  if (filters.dateRange !== DEFAULT_FILTERS.dateRange) count += 1;
  if (filters.hasChats !== DEFAULT_FILTERS.hasChats) count += 1;
  return count;
}

/** Whether the filters need our own chat data (applied after the GitHub query). */
export function usesChatFilters(filters: DiscoveryFilters): boolean {
  return filters.activityLevel !== 'all' || filters.hasChats !== 'all';
}

/** Query-string names of the filters on every /api/discovery/* endpoint. */
export const FILTER_PARAMS = {
  language: 'language',
  minStars: 'minStars',
  maxStars: 'maxStars',
  activityLevel: 'activity',
  dateRange: 'created',
  hasChats: 'chats',
} as const satisfies Record<keyof DiscoveryFilters, string>;

/** Query string for the filters; defaults are left out so equal filters give equal URLs (cacheable). */
export function filtersToQuery(filters: DiscoveryFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(FILTER_PARAMS) as Array<keyof DiscoveryFilters>) {
    if (filters[key] !== DEFAULT_FILTERS[key]) params[FILTER_PARAMS[key]] = String(filters[key]);
  }
  return params;
}

/**
 * Filters from a query string (the home page's address): unknown or malformed values fall back to
 * their defaults, so a hand-edited address still opens a page.
 */
export function filtersFromQuery(params: { get(name: string): string | null }): DiscoveryFilters {
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = params.get(name);
    return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  };
  const stars = (name: string, fallback: number): number => {
    const value = Number(params.get(name) ?? Number.NaN);
    return Number.isInteger(value) && value >= 0 && value <= STAR_FILTER_MAX ? value : fallback;
  };
  const minStars = stars(FILTER_PARAMS.minStars, DEFAULT_FILTERS.minStars);
  const maxStars = stars(FILTER_PARAMS.maxStars, DEFAULT_FILTERS.maxStars);
  return {
    language: pick(FILTER_PARAMS.language, LANGUAGE_FILTERS, DEFAULT_FILTERS.language),
    minStars: minStars <= maxStars ? minStars : DEFAULT_FILTERS.minStars,
    maxStars: minStars <= maxStars ? maxStars : DEFAULT_FILTERS.maxStars,
    activityLevel: pick(FILTER_PARAMS.activityLevel, ACTIVITY_LEVELS, DEFAULT_FILTERS.activityLevel),
    dateRange: pick(FILTER_PARAMS.dateRange, DATE_RANGES, DEFAULT_FILTERS.dateRange),
    hasChats: pick(FILTER_PARAMS.hasChats, CHAT_STATUSES, DEFAULT_FILTERS.hasChats),
  };
}

/** Whether a search text is long enough to search for (more than 2 characters once trimmed). */
export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_LENGTH;
}

export const SEARCH_QUERY_MAX = 256;
export { STAR_FILTER_MAX, STAR_FILTER_STEP };

/** Our own chat data about a repository. */
export interface RepositoryChatDto {
  room_id: string;
  /** Members who joined and have not left. */
  active_members: number;
  last_activity_at: string;
  /** When the newest message was written; set in 'Active now' (null elsewhere and for rooms without messages). */
  last_message_at: string | null;
}

export interface DiscoveryRepositoryDto extends RepositoryCardDto {
  /** The repository's room, or null when nobody has opened one. */
  chat: RepositoryChatDto | null;
}

/**
 * GET /api/discovery/trending | /recent | /active | /search?q=… (+ filter params) → 200.
 * Upstream failures answer 200 with an empty list (and are logged).
 */
export interface DiscoveryListResponse {
  /** Up to 6 repositories. */
  repositories: DiscoveryRepositoryDto[];
  /** How many repositories match the query and every filter (see `count_exact`). */
  total_count: number;
  /**
   * False when the chat filters could only be checked on part of the results (the first page
   * of GitHub's best matches, or the most recently active rooms); `count_note` then says which.
   */
  count_exact: boolean;
  count_note: string | null;
  /** GitHub's count for the query without the chat filters, when GitHub was asked. */
  upstream_total: number | null;
  /** Search only: whether `page=N+1` has more results ('Show more'). */
  has_more?: boolean;
  /**
   * Set when the list is empty because GitHub failed, not because nothing matched: the home page
   * says so and offers "Try again" instead of the empty list's text.
   */
  upstream_problem?: UpstreamProblem | null;
}

/** Why GitHub gave no list: it did not answer, or its rate limit is spent until `reset_at`. */
export type UpstreamProblem = { kind: 'unavailable' } | { kind: 'rate_limited'; reset_at: string | null };

/** GitHub's search answers at most this many results for a query, whatever the page. */
export const SEARCH_RESULTS_MAX = 1000;
/** Search pages hold CARD_LIST_LIMIT results; this is the last page within GitHub's limit. */
export const SEARCH_PAGE_MAX = Math.floor(SEARCH_RESULTS_MAX / CARD_LIST_LIMIT);

/** The message for a search text that is too short. */
export const SEARCH_TOO_SHORT_MESSAGE = 'Search needs more than 2 characters';
