import type { Kysely } from 'kysely';
import type { MessageDto } from '../../../shared/api/rooms';
import {
  THREAD_ERRORS,
  type AnswerResponse,
  type FollowedThreadsResponse,
  type ThreadResponse,
} from '../../../shared/api/threads';
import { messageExcerpt } from '../../../shared/excerpt';
import { isUuid } from '../../../shared/text';
import { membersRepository } from '../../db/repositories/members.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { threadsRepository } from '../../db/repositories/threads.repository';
import type { Database, MessageRow } from '../../db/schema';
import { domainErrors, MESSAGE_NOT_FOUND, NOT_A_MEMBER } from '../../errors';
import { decodeCursor, encodeCursor } from '../messages/message-cursor';
import { presentMessagesShowing, toUserSummaryDto } from '../messages/message.presenter';
import { createRoomPageCache, type RememberedView } from '../messages/room-page-cache';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { bannedError, refusalFor } from '../moderation/bans';
import { MEMBERS_ONLY_MESSAGE } from '../../../shared/api/archive';
import { logModeration } from '../moderation/moderation-log';
import { type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { createRoomQuestions } from './room-questions';
import { threadUpdatedEvent } from './thread-replies';

export interface ThreadPageRequest {
  before?: string | undefined;
  after?: string | undefined;
  around?: string | undefined;
  limit: number;
}

/** What a thread's page shows whoever reads it (the rest is the reader's own). */
type SharedThreadView = Omit<ThreadResponse, 'following' | 'can_mark_answer'>;

export interface ThreadsServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  roles: Pick<MemberRolesService, 'isModerator'>;
  limits: Pick<ChatRateLimits, 'moderate'>;
}

/** Threads: reading one, following it, marking its answer, a room's questions, the threads one follows. */
export function createThreadsService({ db, changes, roles, limits }: ThreadsServiceDeps) {
  const threadPages = createRoomPageCache<RememberedView & { view: SharedThreadView }>();
  async function messageOf(messageId: string): Promise<MessageRow> {
    const row = isUuid(messageId) ? await threadsRepository(db).findMessage(messageId) : undefined;
    if (!row) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
    return row;
  }

  /** The root of a message's thread: the message itself, or the root it replies in. */
  async function rootOf(messageId: string): Promise<MessageRow> {
    const row = await messageOf(messageId);
    return row.thread_root_id === null ? row : messageOf(row.thread_root_id);
  }

  async function requireActiveMember(roomId: string, userId: string): Promise<void> {
    if (!(await membersRepository(db).isActiveMember(roomId, userId))) {
      throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
    }
  }

  async function setAnswer(userId: string, replyId: string, mark: boolean): Promise<AnswerResponse> {
    const reply = await messageOf(replyId);
    if (reply.thread_root_id === null) throw domainErrors.invalid(THREAD_ERRORS.notAReply);
    const root = await messageOf(reply.thread_root_id);
    const moderator = await roles.isModerator(root.room_id, userId);
    if (!moderator) {
      if (root.user_id !== userId) {
        throw await refusalFor(db, root.room_id, userId, domainErrors.forbidden(THREAD_ERRORS.notAllowed));
      }
      await requireActiveMember(root.room_id, userId);
    }
    if (mark && reply.deleted_at !== null) throw domainErrors.invalid(THREAD_ERRORS.replyDeleted);
    // Marking for someone else is moderation: logged, and within the moderators' rate.
    const forSomeoneElse = root.user_id !== userId;
    if (forSomeoneElse) await limits.moderate(userId);
    return changes.commit(root.room_id, async (trx, nowIso) => {
      const threads = threadsRepository(trx);
      const thread = await threads.find(root.id);
      if (!thread) throw domainErrors.invalid(THREAD_ERRORS.notAReply);
      if (!mark && thread.answer_id !== reply.id) throw domainErrors.invalid(THREAD_ERRORS.notTheAnswer);
      // One answer per thread: marking another reply replaces it.
      await threads.setAnswer(root.id, mark ? { id: reply.id, by: userId, at: nowIso } : null);
      if (forSomeoneElse) {
        await logModeration(trx, {
          roomId: root.room_id,
          actorId: userId,
          action: mark ? 'answer.marked' : 'answer.unmarked',
          targetUserId: reply.user_id,
          messageId: reply.id,
          at: nowIso,
        });
      }
      const event = await threadUpdatedEvent(trx, root.id, await threads.find(root.id));
      if (event.type !== 'thread.updated' || !event.thread) throw new Error('thread vanished while marked');
      return { result: { root_id: root.id, thread: event.thread }, events: [event] };
    });
  }

  /** One page of a thread's replies, oldest first, with the cursors of the pages beside it. */
  async function threadPage(
    rootId: string,
    request: ThreadPageRequest,
  ): Promise<{ replies: MessageRow[]; older: string | null; newer: string | null }> {
    const threads = threadsRepository(db);
    const { limit } = request;
    const cursorOf = (row: MessageRow | undefined) =>
      row ? encodeCursor({ created_at: row.created_at, id: row.id }) : null;
    const position = (text: string) => {
      const cursor = decodeCursor(text);
      if (!cursor) throw domainErrors.invalid('The cursor is not valid');
      return cursor;
    };
    if (request.after !== undefined) {
      const rows = await threads.listReplies(rootId, {
        direction: 'after',
        from: position(request.after),
        limit: limit + 1,
      });
      const replies = rows.slice(0, limit);
      return { replies, older: cursorOf(replies[0]), newer: rows.length > limit ? cursorOf(replies.at(-1)) : null };
    }
    if (request.around !== undefined) {
      const target = isUuid(request.around) ? await threads.findMessage(request.around) : undefined;
      if (target?.thread_root_id !== rootId) throw domainErrors.invalid(THREAD_ERRORS.notInThread);
      const from = { created_at: target.created_at, id: target.id };
      const olderCount = Math.floor(limit / 2);
      const [before, after] = await Promise.all([
        threads.listReplies(rootId, { direction: 'before', from, limit: olderCount + 1 }),
        threads.listReplies(rootId, { direction: 'after', from, limit: limit - olderCount + 1, inclusive: true }),
      ]);
      const older = before.slice(0, olderCount).reverse();
      const newer = after.slice(0, limit - olderCount);
      const replies = [...older, ...newer];
      return {
        replies,
        older: before.length > olderCount ? cursorOf(replies[0]) : null,
        newer: after.length > limit - olderCount ? cursorOf(replies.at(-1)) : null,
      };
    }
    const from = request.before === undefined ? null : position(request.before);
    const rows = await threads.listReplies(rootId, { direction: 'before', from, limit: limit + 1 });
    const replies = rows.slice(0, limit).reverse();
    return {
      replies,
      older: rows.length > limit ? cursorOf(replies[0]) : null,
      newer: from === null ? null : cursorOf(replies.at(-1)),
    };
  }

  /**
   * What a thread shows everyone: its root and a page of replies. The newest page, the one a
   * thread opens at, is remembered at the room's sequence number like a room's pages
   * (room-page-cache.ts): every reply, edit, reaction and deletion in the thread moves it.
   */
  async function threadView(root: MessageRow, request: ThreadPageRequest): Promise<SharedThreadView> {
    const newest = request.before === undefined && request.after === undefined && request.around === undefined;
    const which = { roomId: root.room_id, limit: request.limit, view: `thread:${root.id}` };
    if (newest) {
      const remembered = await threadPages.read(db, which);
      if (remembered) return remembered.view;
    }
    // Read after the sequence number, the root and replies are at least as new as it says.
    const lastSeq = newest ? await roomsRepository(db).readLastSeq(root.room_id) : undefined;
    const current = newest ? await messageOf(root.id) : root;
    const page = await threadPage(root.id, request);
    const presented = await presentMessagesShowing(db, [current, ...page.replies]);
    const [rootDto, ...replyDtos] = presented.messages;
    const view: SharedThreadView = {
      root: rootDto as MessageDto,
      replies: replyDtos,
      older_cursor: page.older,
      newer_cursor: page.newer,
    };
    if (lastSeq !== undefined) threadPages.remember(which, { lastSeq, people: presented.shown, view });
    return view;
  }

  return {
    /**
     * A thread: its root and a page of its replies in order (the newest, or before, after or
     * around a position). Anyone (visitors too: null) but the room's banned.
     */
    async thread(userId: string | null, messageId: string, request: ThreadPageRequest): Promise<ThreadResponse> {
      const root = await rootOf(messageId);
      // Who reads (one statement) and the shared page are read side by side; a refusal discards the page.
      const [view, reader, moderator] = await Promise.all([
        threadView(root, request),
        threadsRepository(db).readerOf(root.room_id, root.id, userId),
        userId === null || root.user_id === userId ? false : roles.isModerator(root.room_id, userId),
      ]);
      if (!reader) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      if (reader.banned) throw bannedError();
      if (reader.membersOnly && !reader.member) throw domainErrors.forbidden(MEMBERS_ONLY_MESSAGE);
      // The root's author (still a member) or a moderator may mark the answer.
      const author = userId !== null && root.user_id === userId;
      const canMark = (author && (reader.member || (await roles.isModerator(root.room_id, userId)))) || moderator;
      return { ...view, following: reader.following, can_mark_answer: canMark };
    },

    async setFollowing(userId: string, messageId: string, following: boolean): Promise<{ following: boolean }> {
      const root = await rootOf(messageId);
      await requireActiveMember(root.room_id, userId);
      await threadsRepository(db).setFollowing(userId, root.id, root.room_id, following);
      return { following };
    },

    /** The caller has read a thread up to one of its replies. */
    async markRead(userId: string, messageId: string, replyId: string): Promise<void> {
      const root = await rootOf(messageId);
      const reply = isUuid(replyId) ? await threadsRepository(db).findMessage(replyId) : undefined;
      if (!reply || reply.thread_root_id !== root.id) throw domainErrors.invalid(THREAD_ERRORS.notInThread);
      await requireActiveMember(root.room_id, userId);
      await threadsRepository(db).advanceRead(userId, root.id, root.room_id, reply);
    },

    markAnswer: (userId: string, replyId: string) => setAnswer(userId, replyId, true),
    unmarkAnswer: (userId: string, replyId: string) => setAnswer(userId, replyId, false),

    /** A room's threads ('Questions'), newest activity first, by answer state (room-questions.ts). */
    questions: createRoomQuestions(db),

    /** The threads the caller follows across their rooms, unread first ('Threads', /threads). */
    async followed(userId: string, limit: number): Promise<FollowedThreadsResponse> {
      const threads = threadsRepository(db);
      const [found, unreadThreads] = await Promise.all([
        threads.listFollowed(userId, limit + 1),
        threads.countUnreadFollowed(userId),
      ]);
      const rows = found.slice(0, limit);
      const lastReplies = await threads.lastReplies(rows.map((r) => r.root_id));
      const people = await messagesRepository(db).findAuthors([
        ...rows.map((r) => r.root_user_id),
        ...[...lastReplies.values()].map((m) => m.user_id),
      ]);
      return {
        threads: rows.map((row) => {
          const lastReply = lastReplies.get(row.root_id);
          return {
            root_id: row.root_id,
            room: { id: row.room_id, full_name: row.full_name },
            author: toUserSummaryDto(row.root_user_id, people.get(row.root_user_id)),
            excerpt: row.root_deleted_at === null ? messageExcerpt(row.root_content) : '',
            reply_count: Number(row.reply_count),
            last_reply: lastReply
              ? {
                  author: toUserSummaryDto(lastReply.user_id, people.get(lastReply.user_id)),
                  excerpt: messageExcerpt(lastReply.content),
                  created_at: lastReply.created_at,
                }
              : null,
            unread_count: row.unread_count,
            answered: row.answer_id !== null,
          };
        }),
        unread_threads: unreadThreads,
        has_more: found.length > limit,
      };
    },
  };
}

export type ThreadsService = ReturnType<typeof createThreadsService>;
