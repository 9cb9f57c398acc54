import type { z } from 'zod';
import type { UserSummaryDto } from './rooms';
import type { searchMessagesQuery } from './search.schemas';

/** GET /api/search/messages?q=…[&room_id=…][&before=…] */
export type SearchMessagesRequest = z.input<typeof searchMessagesQuery>;

/** One message found, with where it was said. */
export interface MessageSearchHitDto {
  id: string;
  room_id: string;
  /** The room's repository, owner/name. */
  repo_full_name: string;
  content: string;
  created_at: string;
  edited_at: string | null;
  author: UserSummaryDto;
}

export interface SearchMessagesResponse {
  /** Newest first. */
  results: MessageSearchHitDto[];
  /** Pass as `before` for the next (older) results; null at the end. */
  next_before: string | null;
}
