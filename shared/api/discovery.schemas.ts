import { z } from 'zod';
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

const stars = z.coerce
  .number({ message: 'Stars must be a number' })
  .int('Stars must be a whole number')
  .min(0, 'Stars cannot be negative')
  .max(STAR_FILTER_MAX, `Stars cannot exceed ${STAR_FILTER_MAX}`);

/** The filter query parameters (see FILTER_PARAMS); absent ones take their defaults. */
export const filtersQuerySchema = z
  .object({
    [FILTER_PARAMS.language]: z.enum(LANGUAGE_FILTERS).default(DEFAULT_FILTERS.language),
    [FILTER_PARAMS.minStars]: stars.default(DEFAULT_FILTERS.minStars),
    [FILTER_PARAMS.maxStars]: stars.default(DEFAULT_FILTERS.maxStars),
    [FILTER_PARAMS.activityLevel]: z.enum(ACTIVITY_LEVELS).default(DEFAULT_FILTERS.activityLevel),
    [FILTER_PARAMS.dateRange]: z.enum(DATE_RANGES).default(DEFAULT_FILTERS.dateRange),
    [FILTER_PARAMS.hasChats]: z.enum(CHAT_STATUSES).default(DEFAULT_FILTERS.hasChats),
  })
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
