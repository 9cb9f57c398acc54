import type { z } from 'zod';
import type { messageSearchHitDto, searchMessagesQuery, searchMessagesResponse } from './search.schemas';

/** GET /api/search/messages?q=…[&room_id=…][&before=…] */
export type SearchMessagesRequest = z.input<typeof searchMessagesQuery>;

/** One message found, with where it was said. */
export type MessageSearchHitDto = z.infer<typeof messageSearchHitDto>;

export type SearchMessagesResponse = z.infer<typeof searchMessagesResponse>;
