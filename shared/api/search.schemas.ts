import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from '../search/search-query';
import { entityId, timestamp } from './common.schemas';
import { userSummaryDto } from './rooms.schemas';

/** GET /api/search/messages: the server validates with this; shared/api/search.ts infers the types. */
export const searchMessagesQuery = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .max(SEARCH_QUERY_MAX_LENGTH, `Searches are at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  room_id: z.string().max(100).optional(),
  before: z.string().max(100).optional(),
});

// ---- Answers ----

export const messageSearchHitDto = z
  .strictObject({
    id: entityId,
    room_id: entityId,
    repo_full_name: z.string().describe("The room's repository, owner/name."),
    content: z.string(),
    created_at: timestamp,
    edited_at: timestamp.nullable(),
    author: userSummaryDto,
    thread_root_id: entityId
      .optional()
      .describe("A reply in a thread ('in thread'): its root; the result opens the thread with the reply highlighted."),
  })
  .meta({ id: 'MessageSearchHit', description: 'One message found, with where it was said.' });

export const searchMessagesResponse = z.strictObject({
  results: z.array(messageSearchHitDto).describe('Newest first.'),
  next_before: z.string().nullable().describe('Pass as `before` for the next (older) results; null at the end.'),
  incomplete: z
    .boolean()
    .describe(
      'True when the search stopped at its time budget: the results are what it found by then, and there may be more.',
    ),
});
