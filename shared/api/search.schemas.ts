import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from '../search/search-query';

/** GET /api/search/messages: the server validates with this; shared/api/search.ts infers the type. */
export const searchMessagesQuery = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .max(SEARCH_QUERY_MAX_LENGTH, `Searches are at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  room_id: z.string().max(100).optional(),
  before: z.string().max(100).optional(),
});
