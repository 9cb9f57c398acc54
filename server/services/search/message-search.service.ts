import type { Kysely } from 'kysely';
import type { SearchMessagesResponse } from '../../../shared/api/search';
import { isSearchable, parseSearchQuery } from '../../../shared/search/search-query';
import { isUuid } from '../../../shared/text';
import type { Database } from '../../db/schema';
import { messageSearchRepository } from '../../db/repositories/message-search.repository';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { readSendGate } from '../../db/repositories/send-gate.repository';
import { domainErrors, NOT_A_MEMBER } from '../../errors';
import { toUserSummaryDto } from '../messages/message.presenter';
import { refusalFor } from '../moderation/bans';
import { ROOM_NOT_FOUND } from '../room-events/room-change';

export const SEARCH_PAGE_SIZE = 20;
export const NOTHING_TO_SEARCH = 'Type something to search for';

export interface MessageSearchRequest {
  q: string;
  room_id?: string | undefined;
  before?: string | undefined;
}

/**
 * Searching the messages of one room, or of every room the user is in. `searchDb` is
 * DatabaseHandle.searchDb (see message-search.repository.ts); the rest reads `db`.
 */
export function createMessageSearchService({ db, searchDb }: { db: Kysely<Database>; searchDb: Kysely<Database> }) {
  return {
    async search(userId: string, request: MessageSearchRequest): Promise<SearchMessagesResponse> {
      const query = parseSearchQuery(request.q);
      if (!isSearchable(query)) throw domainErrors.invalid(NOTHING_TO_SEARCH);
      const roomId = request.room_id;
      if (roomId !== undefined && !isUuid(roomId)) throw domainErrors.notFound(ROOM_NOT_FOUND);
      const before = request.before !== undefined && isUuid(request.before) ? request.before : undefined;
      // A cursor that is not a message id finds nothing (the room's rules still apply).
      const rows =
        request.before !== undefined && before === undefined
          ? []
          : await messageSearchRepository(searchDb).search({
              terms: query.terms,
              memberId: userId,
              roomId,
              authorIds: query.from !== null ? await readStateRepository(db).usersByHandle([query.from]) : undefined,
              beforeId: before,
              limit: SEARCH_PAGE_SIZE + 1,
            });
      // The search reads only the rooms the user is an active member of: a result proves membership.
      // Without one, the room and the membership decide between no results, 404 and 403.
      if (roomId !== undefined && rows.length === 0) {
        const gate = await readSendGate(db, roomId, userId);
        if (!gate) throw domainErrors.notFound(ROOM_NOT_FOUND);
        if (gate.member_id === null) throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
      }
      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      return {
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
        next_before: rows.length > SEARCH_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
      };
    },
  };
}

export type MessageSearchService = ReturnType<typeof createMessageSearchService>;
