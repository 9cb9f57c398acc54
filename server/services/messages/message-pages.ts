import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { MessagesPageResponse } from '../../../shared/api/rooms';
import type { Database, MessageRow } from '../../db/schema';
import { type MessageCursor, messagesRepository } from '../../db/repositories/messages.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import { domainErrors, MESSAGE_NOT_FOUND } from '../../errors';
import { refuseIfMembersOnly } from '../archive/archive-settings.service';
import { refuseIfBanned } from '../moderation/bans';
import { ROOM_NOT_FOUND } from '../room-events/room-change';
import { decodeCursor, encodeCursor } from './message-cursor';
import type { MessageReferencesService } from './message-references.service';
import { presentMessagesShowing } from './message.presenter';
import { createRoomPageCache } from './room-page-cache';

/**
 * Which page of a room's history: the newest, older (`before`) or newer (`after`) than a cursor,
 * or `around` a message. At most one of the three is set (the route refuses more).
 */
export interface MessagePageRequest {
  limit: number;
  before?: string | undefined;
  after?: string | undefined;
  around?: string | undefined;
}

export interface MessagePagesDeps {
  db: Kysely<Database>;
  logger: Pick<Logger, 'warn'>;
  references?: Pick<MessageReferencesService, 'revalidate'> | undefined;
}

/** Pages of a room's history, the pages rooms are opened at remembered (see room-page-cache.ts). */
export function createMessagePages({ db, logger, references }: MessagePagesDeps) {
  const roomPages = createRoomPageCache();

  /** References resolved longer ago than their cache lifetime are read again, after the answer. */
  function revalidateReferences(roomId: string, page: readonly MessageRow[]): void {
    if (!references) return;
    void references
      .revalidate(roomId, page)
      .catch((error: unknown) => logger.warn({ err: error, roomId }, 'references not revalidated'));
  }

  /** The room's last sequence number; the room must exist. */
  async function sequenceOf(roomId: string): Promise<number> {
    const lastSeq = await roomsRepository(db).readLastSeq(roomId);
    if (lastSeq === undefined) throw domainErrors.notFound(ROOM_NOT_FOUND);
    return lastSeq;
  }

  /**
   * A page for `readerId` (null: a visitor): anyone except someone banned from the room, who reads
   * nothing of it. The ban is read beside the page, so it costs no extra wait.
   */
  return async function list(
    readerId: string | null,
    roomId: string,
    request: MessagePageRequest,
  ): Promise<MessagesPageResponse> {
    const [page] = await Promise.all([
      readPage(roomId, request),
      readerId === null ? Promise.resolve() : refuseIfBanned(db, roomId, readerId),
      refuseIfMembersOnly(db, roomId, readerId),
    ]);
    return page;
  };

  async function readPage(roomId: string, request: MessagePageRequest): Promise<MessagesPageResponse> {
    const limit = request.limit;
    const messages = messagesRepository(db);
    // The pages people open a room at: its newest, and around a message (first unread, linked).
    const opening = request.after === undefined && request.before === undefined;
    const which = { roomId, limit, around: request.around };
    if (opening) {
      const remembered = await roomPages.read(db, which);
      if (remembered) {
        revalidateReferences(roomId, remembered.rows);
        return remembered.response;
      }
    }
    // The page comes with the room's last sequence number from the same statement: events after
    // it may already show in the page (clients apply events idempotently), but none can fall
    // between the page and the subscription that resumes from it.
    let lastSeq: number;
    let older: MessageRow[];
    let newer: MessageRow[];
    let hasOlder: boolean;
    let hasNewer: boolean;
    if (request.around !== undefined) {
      // Half the page above the message (context before it), the rest from it downwards; one
      // more on each side tells whether the page reaches that end of the room.
      const above = Math.floor(limit / 2);
      const below = limit - above - 1;
      const found = await messages.listAround(roomId, request.around, above + 1, below + 1);
      if (!found) {
        await sequenceOf(roomId);
        throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      }
      lastSeq = found.lastSeq;
      hasOlder = found.older.length > above;
      hasNewer = found.newer.length > below;
      older = found.older.slice(found.older.length - Math.min(above, found.older.length));
      newer = [found.target, ...found.newer.slice(0, below)];
    } else {
      const after = request.after !== undefined ? parseCursor('after', request.after) : null;
      const before = request.before !== undefined ? parseCursor('before', request.before) : null;
      const read = () =>
        after ? messages.listAfter(roomId, after, limit + 1) : messages.listBefore(roomId, before, limit + 1);
      let page = await read();
      if (page.lastSeq === undefined) {
        // Nothing there (an empty room, or the end of its history): the sequence is read on its
        // own, before the page is read again, so nothing committed in between is missed.
        lastSeq = await sequenceOf(roomId);
        page = await read();
      } else {
        lastSeq = page.lastSeq;
      }
      const rows = page.rows;
      if (after) {
        hasOlder = true;
        hasNewer = rows.length > limit;
        older = [];
        newer = rows.slice(0, limit);
      } else {
        hasOlder = rows.length > limit;
        hasNewer = before !== null;
        older = rows.slice(0, limit).reverse();
        newer = [];
      }
    }
    const page = [...older, ...newer];
    revalidateReferences(roomId, page);
    const first = page[0];
    const last = page[page.length - 1];
    const presented = await presentMessagesShowing(db, page);
    const response: MessagesPageResponse = {
      messages: presented.messages,
      next_cursor: hasOlder && first ? encodeCursor(first) : null,
      newer_cursor: hasNewer && last ? encodeCursor(last) : null,
      last_seq: lastSeq,
    };
    if (opening) roomPages.remember(which, { lastSeq, people: presented.shown, rows: page, response });
    return response;
  }
}

function parseCursor(name: 'before' | 'after', text: string): MessageCursor {
  const cursor = decodeCursor(text);
  if (!cursor) throw domainErrors.invalid(`${name}: invalid cursor`);
  return cursor;
}
