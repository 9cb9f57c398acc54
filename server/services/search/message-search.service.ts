import type { Kysely } from 'kysely';
import type { SearchMessagesResponse } from '../../../shared/api/search';
import { isSearchable, parseSearchQuery } from '../../../shared/search/search-query';
import { isUuid } from '../../../shared/text';
import type { Database } from '../../db/schema';
import { membersRepository } from '../../db/repositories/members.repository';
import { messageSearchRepository } from '../../db/repositories/message-search.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import { domainErrors } from '../../errors';
import { toUserSummaryDto } from '../messages/message.presenter';
import { NOT_A_MEMBER } from '../messages/messages.service';
import { ROOM_NOT_FOUND } from '../room-events/room-change';

export const SEARCH_PAGE_SIZE = 20;
export const NOTHING_TO_SEARCH = 'Type something to search for';

export interface MessageSearchRequest {
  q: string;
  room_id?: string | undefined;
  before?: string | undefined;
}

/** Searching the messages of one room, or of every room the user is in. */
export function createMessageSearchService({ db }: { db: Kysely<Database> }) {
  return {
    async search(userId: string, request: MessageSearchRequest): Promise<SearchMessagesResponse> {
      const query = parseSearchQuery(request.q);
      if (!isSearchable(query)) throw domainErrors.invalid(NOTHING_TO_SEARCH);
      const roomId = request.room_id;
      if (roomId !== undefined) {
        if (!isUuid(roomId) || !(await roomsRepository(db).findById(roomId))) {
          throw domainErrors.notFound(ROOM_NOT_FOUND);
        }
        if (!(await membersRepository(db).isActiveMember(roomId, userId))) throw domainErrors.forbidden(NOT_A_MEMBER);
      }
      const before = request.before !== undefined && isUuid(request.before) ? request.before : undefined;
      if (request.before !== undefined && before === undefined) return { results: [], next_before: null };
      const authorIds = query.from !== null ? await readStateRepository(db).usersByHandle([query.from]) : undefined;
      const rows = await messageSearchRepository(db).search({
        terms: query.terms,
        memberId: userId,
        roomId,
        authorIds,
        beforeId: before,
        limit: SEARCH_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      const authors = await messagesRepository(db).findAuthors(page.map((row) => row.user_id));
      return {
        results: page.map((row) => ({
          id: row.id,
          room_id: row.room_id,
          repo_full_name: row.repo_full_name,
          content: row.content,
          created_at: row.created_at,
          edited_at: row.edited_at,
          author: toUserSummaryDto(row.user_id, authors.get(row.user_id)),
        })),
        next_before: rows.length > SEARCH_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
      };
    },
  };
}

export type MessageSearchService = ReturnType<typeof createMessageSearchService>;
