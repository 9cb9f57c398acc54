import type { Kysely } from 'kysely';
import type { SearchMessagesResponse } from '../../../shared/api/search';
import { isSearchable, parseSearchQuery } from '../../../shared/search/search-query';
import { isUuid } from '../../../shared/text';
import type { Database } from '../../db/schema';
import { activeRoomIdsOf, messageSearchRepository } from '../../db/repositories/message-search.repository';
import type { SearchReader } from '../../db/search/search-reader';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { readSendGate } from '../../db/repositories/send-gate.repository';
import { domainErrors, NOT_A_MEMBER } from '../../errors';
import { toUserSummaryDto } from '../messages/message.presenter';
import { refusalFor } from '../moderation/bans';
import { ROOM_NOT_FOUND } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';

export const SEARCH_PAGE_SIZE = 20;
/**
 * How long one search may read: past it, the search answers with what it found so far, marked
 * incomplete (a search never holds the database or a worker for longer).
 */
export const SEARCH_TIME_BUDGET_MS = 250;
export const NOTHING_TO_SEARCH = 'Type something to search for';

export interface MessageSearchRequest {
  q: string;
  room_id?: string | undefined;
  before?: string | undefined;
}

export interface MessageSearchDeps {
  db: Kysely<Database>;
  /** DatabaseHandle.searchReader: where the search statements run, off the event loop. */
  searchReader: SearchReader;
  /** The per-user search limit (SEARCH_RATE). */
  limits: Pick<ChatRateLimits, 'search'>;
  /** SEARCH_TIME_BUDGET_MS unless set (tests force a tiny one). */
  budgetMs?: number | undefined;
}

/**
 * Searching the messages of one room, or of every room the user is in. The rooms are read first
 * (the room asked for, once its membership is checked, or the user's rooms); the search reads
 * those rooms only, within its time budget.
 */
export function createMessageSearchService({
  db,
  searchReader,
  limits,
  budgetMs = SEARCH_TIME_BUDGET_MS,
}: MessageSearchDeps) {
  /** The rooms a search reads: the room asked for, refused unless the user is an active member. */
  async function roomsSearched(userId: string, roomId: string | undefined): Promise<string[]> {
    if (roomId === undefined) return activeRoomIdsOf(db, userId);
    if (!isUuid(roomId)) throw domainErrors.notFound(ROOM_NOT_FOUND);
    const gate = await readSendGate(db, roomId, userId);
    if (!gate) throw domainErrors.notFound(ROOM_NOT_FOUND);
    if (gate.member_id === null) throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
    return [roomId];
  }

  return {
    async search(userId: string, request: MessageSearchRequest): Promise<SearchMessagesResponse> {
      const deadline = Date.now() + budgetMs;
      const query = parseSearchQuery(request.q);
      if (!isSearchable(query)) throw domainErrors.invalid(NOTHING_TO_SEARCH);
      await limits.search(userId);
      const roomIds = await roomsSearched(userId, request.room_id);
      const before = request.before !== undefined && isUuid(request.before) ? request.before : undefined;
      // A cursor that is not a message id finds nothing (the room's rules still apply).
      const outcome =
        request.before !== undefined && before === undefined
          ? { rows: [], complete: true }
          : await searchReader.session(deadline, async (session) =>
              messageSearchRepository(db, session).search({
                terms: query.terms,
                roomIds,
                authorIds: query.from !== null ? await readStateRepository(db).usersByHandle([query.from]) : undefined,
                beforeId: before,
                limit: SEARCH_PAGE_SIZE + 1,
              }),
            );
      const rows = outcome.rows;
      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      // Stopped at the deadline: what was found is answered, and the next page goes on from it.
      const more = rows.length > SEARCH_PAGE_SIZE || (!outcome.complete && page.length > 0);
      return {
        incomplete: !outcome.complete,
        results: page.map((row) => ({
          id: row.id,
          room_id: row.room_id,
          repo_full_name: row.repo_full_name,
          content: row.content,
          created_at: row.created_at,
          edited_at: row.edited_at,
          author: toUserSummaryDto(row.user_id, {
            id: row.user_id,
            username: row.author_username,
            display_name: row.author_display_name,
            avatar_url: row.author_avatar_url,
            github_username: row.author_github_username,
          }),
          ...(row.thread_root_id !== null ? { thread_root_id: row.thread_root_id } : {}),
        })),
        next_before: more ? (page[page.length - 1]?.id ?? null) : null,
      };
    },
  };
}

export type MessageSearchService = ReturnType<typeof createMessageSearchService>;
