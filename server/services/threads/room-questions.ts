import type { Kysely } from 'kysely';
import type { QuestionFilter, QuestionsResponse } from '../../../shared/api/threads';
import { messageExcerpt } from '../../../shared/excerpt';
import { isUuid } from '../../../shared/text';
import { type AuthorRow, messagesRepository } from '../../db/repositories/messages.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import { threadsRepository } from '../../db/repositories/threads.repository';
import type { Database } from '../../db/schema';
import { domainErrors } from '../../errors';
import { refuseIfMembersOnly } from '../archive/archive-settings.service';
import { decodeCursor, encodeCursor } from '../messages/message-cursor';
import { toUserSummaryDto } from '../messages/message.presenter';
import { createRoomPageCache, type RememberedView } from '../messages/room-page-cache';
import { refuseIfBanned } from '../moderation/bans';
import { ROOM_NOT_FOUND } from '../room-events/room-change';

export interface QuestionsRequest {
  filter: QuestionFilter;
  before?: string | undefined;
  limit: number;
}

interface RememberedQuestions extends RememberedView {
  response: QuestionsResponse;
}

/**
 * A room's questions ("Questions"): its threads, newest activity first, by answer state, with the
 * room's count of unanswered ones. What a reader may see of a room they may see here: anyone but
 * the room's banned, and only its members when the room is members only.
 *
 * Everyone who opens "Questions" reads the same first page, so the first page of each filter is
 * remembered at the room's sequence number (room-page-cache.ts): every reply, answer marking,
 * edit and deletion in a room moves that number in its own transaction, so a page read at the
 * current number is still right, and its people are checked for new names and avatars.
 */
export function createRoomQuestions(db: Kysely<Database>) {
  const firstPages = createRoomPageCache<RememberedQuestions>();

  async function read(roomId: string, request: QuestionsRequest): Promise<QuestionsResponse> {
    let before = null;
    if (request.before !== undefined) {
      const cursor = decodeCursor(request.before);
      if (!cursor) throw domainErrors.invalid('before is not a valid cursor');
      before = { last_reply_at: cursor.created_at, root_id: cursor.id };
    }
    const which = { roomId, limit: request.limit, view: `questions:${request.filter}` };
    if (before === null) {
      const remembered = await firstPages.read(db, which);
      if (remembered) return remembered.response;
    }
    // The sequence number is read first: a change committed after it only makes the page newer
    // than its number says, never older.
    const lastSeq = await roomsRepository(db).readLastSeq(roomId);
    if (lastSeq === undefined) throw domainErrors.notFound(ROOM_NOT_FOUND);
    const threads = threadsRepository(db);
    const [rows, unanswered] = await Promise.all([
      threads.listInRoom(roomId, request.filter, before, request.limit + 1),
      threads.countUnanswered(roomId),
    ]);
    const page = rows.slice(0, request.limit);
    const roots = await messagesRepository(db).findQuoted(page.map((t) => t.root_id));
    const found = await messagesRepository(db).findAuthors([...roots.values()].map((r) => r.user_id));
    const people = new Map<string, AuthorRow | undefined>();
    for (const root of roots.values()) people.set(root.user_id, found.get(root.user_id));
    const last = page[page.length - 1];
    const response: QuestionsResponse = {
      questions: page.flatMap((thread) => {
        const root = roots.get(thread.root_id);
        if (!root) return [];
        const deleted = root.deleted_at !== null;
        return [
          {
            root_id: thread.root_id,
            author: toUserSummaryDto(root.user_id, found.get(root.user_id)),
            excerpt: deleted ? '' : messageExcerpt(root.content),
            deleted,
            reply_count: Number(thread.reply_count),
            last_reply_at: thread.last_reply_at,
            answered: thread.answer_id !== null,
          },
        ];
      }),
      unanswered_count: unanswered,
      next_cursor:
        rows.length > request.limit && last ? encodeCursor({ created_at: last.last_reply_at, id: last.root_id }) : null,
    };
    if (before === null) firstPages.remember(which, { lastSeq, people, response });
    return response;
  }

  return async function questions(
    readerId: string,
    roomId: string,
    request: QuestionsRequest,
  ): Promise<QuestionsResponse> {
    if (!isUuid(roomId)) throw domainErrors.notFound(ROOM_NOT_FOUND);
    // The reader's standing is read beside the list, so it costs no extra wait.
    const [response] = await Promise.all([
      read(roomId, request),
      refuseIfBanned(db, roomId, readerId),
      refuseIfMembersOnly(db, roomId, readerId),
    ]);
    return response;
  };
}
