import { z } from 'zod';
import { count, entityId, timestamp } from './common.schemas';
import {
  DEFAULT_FILTERS,
  FILTER_PARAMS,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_TOO_SHORT_MESSAGE,
  type DiscoveryFilters,
} from './discovery';
import {
  ACTIVITY_LEVELS,
  CHAT_STATUSES,
  DATE_RANGES,
  LANGUAGE_FILTERS,
  SEARCH_MIN_LENGTH,
  STAR_FILTER_MAX,
} from '../limits';
import { repositoryCardDto, upstreamProblemDto } from './repositories.schemas';

const stars = z.coerce
  .number({ message: 'Stars must be a number' })
  .int('Stars must be a whole number')
  .min(0, 'Stars cannot be negative')
  .max(STAR_FILTER_MAX, `Stars cannot exceed ${STAR_FILTER_MAX}`);

const filterParams = z.object({
  [FILTER_PARAMS.language]: z.enum(LANGUAGE_FILTERS).default(DEFAULT_FILTERS.language),
  [FILTER_PARAMS.minStars]: stars.default(DEFAULT_FILTERS.minStars),
  [FILTER_PARAMS.maxStars]: stars.default(DEFAULT_FILTERS.maxStars),
  [FILTER_PARAMS.activityLevel]: z.enum(ACTIVITY_LEVELS).default(DEFAULT_FILTERS.activityLevel),
  [FILTER_PARAMS.dateRange]: z.enum(DATE_RANGES).default(DEFAULT_FILTERS.dateRange),
  [FILTER_PARAMS.hasChats]: z.enum(CHAT_STATUSES).default(DEFAULT_FILTERS.hasChats),
});

/** The filter query parameters (see FILTER_PARAMS); absent ones take their defaults. */
export const filtersQuerySchema = filterParams
  .refine((v) => v.minStars <= v.maxStars, { message: 'minStars cannot exceed maxStars', path: ['minStars'] })
  .transform((v): DiscoveryFilters => ({
    language: v.language,
    minStars: v.minStars,
    maxStars: v.maxStars,
    activityLevel: v.activity,
    dateRange: v.created,
    hasChats: v.chats,
  }));

export const searchQuerySchema = z.object({
  q: z
    .string({ message: SEARCH_TOO_SHORT_MESSAGE })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT_MESSAGE)
    .max(SEARCH_QUERY_MAX, `Search must be ${SEARCH_QUERY_MAX} characters or less`),
  /** 'Show more': pages of 6, up to GitHub's 1,000-result limit. */
  page: z.coerce
    .number({ message: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(SEARCH_PAGE_MAX, `Page cannot exceed ${SEARCH_PAGE_MAX} (GitHub answers at most 1,000 results)`)
    .default(1),
});

/** The query string of /api/discovery/search as a whole: the search and the filters (for the API reference). */
export const searchWithFiltersQuery = searchQuerySchema.extend(filterParams.shape);

// ---- Answers ----

export const repositoryChatDto = z
  .strictObject({
    room_id: entityId,
    active_members: count.describe('Members who joined and have not left.'),
    last_activity_at: timestamp,
    last_message_at: timestamp
      .nullable()
      .describe(
        "When the newest message was written; set in 'Active now' (null elsewhere and for rooms without messages).",
      ),
  })
  .meta({ id: 'RepositoryChat', description: 'Our own chat data about a repository.' });

export const discoveryRepositoryDto = repositoryCardDto
  .extend({ chat: repositoryChatDto.nullable().describe("The repository's room, or null when nobody has opened one.") })
  .meta({ id: 'DiscoveryRepository' });

export const discoveryListResponse = z.strictObject({
  repositories: z.array(discoveryRepositoryDto).describe('Up to 6 repositories.'),
  total_count: count.describe('How many repositories match the query and every filter (see `count_exact`).'),
  count_exact: z
    .boolean()
    .describe(
      "False when the chat filters could only be checked on part of the results (the first page of GitHub's best matches, or the most recently active rooms); `count_note` then says which.",
    ),
  count_note: z.string().nullable(),
  upstream_total: count
    .nullable()
    .describe("GitHub's count for the query without the chat filters, when GitHub was asked."),
  has_more: z.boolean().optional().describe("Search only: whether `page=N+1` has more results ('Show more')."),
  upstream_problem: upstreamProblemDto
    .nullable()
    .optional()
    .describe('Set when the list is empty because GitHub failed, not because nothing matched.'),
});
