import type { Kysely } from 'kysely';
import type { MessageDto, MessagesPageResponse } from '../../../shared/api/rooms';
import { isBlankText } from '../../../shared/validation/clean-text';
import { sanitizeMessage, validateMessage } from '../../../shared/validation/message';
import type { AppContext } from '../../context';
import type { Database, MessageRow } from '../../db/schema';
import { isActiveMember } from '../../db/repositories/members.repository';
import {
  deleteOwnMessage,
  findAuthor,
  findAuthors,
  findMessageByClientId,
  findMessageById,
  insertMessageIfAbsent,
  listMessagesAfter,
  listMessagesBefore,
  findRoomMessage,
  updateOwnMessage,
  type MessageCursor,
} from '../../db/repositories/messages.repository';
import { listReactionsForMessages } from '../../db/repositories/reactions.repository';
import { findRoomById, readLastSeq } from '../../db/repositories/rooms.repository';
import { changeRoom, ROOM_NOT_FOUND } from '../room-events/room-change';
import { enforceEditLimit, enforceSendLimit } from '../rooms/chat-rate-limits';
import { showCurrentTextInLog, tombstoneDeletedInLog } from './message-history';
import { toMessageDto } from './message.presenter';
import { decodeCursor, encodeCursor } from './message-cursor';
import { timeOrderedId } from './time-ordered-id';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { recordMentions } from '../read-state/read-state.service';
import { publishToUsers } from '../read-state/user-channel';
import { domainErrors } from '../../errors';

export const NOT_A_MEMBER = 'You are not a member of this room';
export const MESSAGE_NOT_FOUND = 'Message not found';

/** Loads authors, reactions and reactors for rows and presents them, keeping the rows' order. */
export async function presentMessages(db: Kysely<Database>, rows: MessageRow[]): Promise<MessageDto[]> {
  const reactions = await listReactionsForMessages(
    db,
    rows.map((r) => r.id),
  );
  const people = await findAuthors(db, [...rows.map((r) => r.user_id), ...reactions.map((r) => r.user_id)]);
  return rows.map((row) =>
    toMessageDto(
      row,
      people,
      reactions.filter((r) => r.message_id === row.id),
    ),
  );
}

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

export async function listMessages(
  ctx: AppContext,
  roomId: string,
  request: MessagePageRequest,
): Promise<MessagesPageResponse> {
  const db = ctx.database.db;
  const limit = request.limit;
  // Read the sequence first: events after it may already show in the page (clients apply events
  // idempotently), but none can fall between the page and the subscription.
  const lastSeq = await readLastSeq(db, roomId);
  if (lastSeq === undefined) throw domainErrors.notFound(ROOM_NOT_FOUND);

  let older: MessageRow[];
  let newer: MessageRow[];
  let hasOlder: boolean;
  let hasNewer: boolean;
  if (request.around !== undefined) {
    const target = await findRoomMessage(db, roomId, request.around);
    if (!target) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
    // Half the page above the message (context before it), the rest from it downwards.
    const above = Math.floor(limit / 2);
    const before = await listMessagesBefore(db, roomId, target, above + 1);
    const after = await listMessagesAfter(db, roomId, target, limit - above);
    hasOlder = before.length > above;
    hasNewer = after.length > limit - above - 1;
    older = before.slice(0, above).reverse();
    newer = [target, ...after.slice(0, limit - above - 1)];
  } else if (request.after !== undefined) {
    const cursor = parseCursor('after', request.after);
    const rows = await listMessagesAfter(db, roomId, cursor, limit + 1);
    hasOlder = true;
    hasNewer = rows.length > limit;
    older = [];
    newer = rows.slice(0, limit);
  } else {
    const cursor = request.before !== undefined ? parseCursor('before', request.before) : null;
    const rows = await listMessagesBefore(db, roomId, cursor, limit + 1);
    hasOlder = rows.length > limit;
    hasNewer = cursor !== null;
    older = rows.slice(0, limit).reverse();
    newer = [];
  }
  const page = [...older, ...newer];
  const oldest = page[0];
  const newest = page[page.length - 1];
  return {
    messages: await presentMessages(db, page),
    next_cursor: hasOlder && oldest ? encodeCursor(oldest) : null,
    newer_cursor: hasNewer && newest ? encodeCursor(newest) : null,
    last_seq: lastSeq,
  };
}

function parseCursor(name: 'before' | 'after', text: string): MessageCursor {
  const cursor = decodeCursor(text);
  if (!cursor) throw domainErrors.invalid(`${name}: invalid cursor`);
  return cursor;
}

export async function sendMessage(
  ctx: AppContext,
  userId: string,
  roomId: string,
  input: { client_id: string; content: string },
): Promise<{ message: MessageDto; created: boolean }> {
  const db = ctx.database.db;
  // A membership row implies its room (foreign key), so the room is only looked up to tell
  // "no such room" from "not a member".
  if (!(await isActiveMember(db, roomId, userId))) {
    if (!(await findRoomById(db, roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
    throw domainErrors.forbidden(NOT_A_MEMBER);
  }
  // A retry of a send that already succeeded answers the original, whatever the limits say now.
  const existing = await findMessageByClientId(db, userId, input.client_id);
  if (existing) return { message: (await presentMessages(db, [existing]))[0] as MessageDto, created: false };

  const content = checkedContent(input.content);
  await enforceSendLimit(ctx, userId);

  let mentioned: string[] = [];
  const sent = await changeRoom(ctx, roomId, async (trx, nowIso) => {
    // Re-checked under the room lock: a concurrent leave cannot slip a message in after it.
    if (!(await isActiveMember(trx, roomId, userId))) throw domainErrors.forbidden(NOT_A_MEMBER);
    const row: MessageRow = {
      id: timeOrderedId(ctx.now()),
      room_id: roomId,
      user_id: userId,
      client_id: input.client_id,
      content,
      created_at: nowIso,
      edited_at: null,
      deleted_at: null,
    };
    const inserted = await insertMessageIfAbsent(trx, row);
    let message: MessageDto;
    if (inserted) {
      mentioned = await recordMentions(trx, row);
      // Writing in a room means having seen it up to here.
      await readStateRepository(trx).advance(roomId, userId, { created_at: row.created_at, id: row.id });
      // A message created a moment ago has no reactions yet: only its author is looked up.
      const author = await findAuthor(trx, userId);
      message = toMessageDto(row, new Map(author ? [[userId, author]] : []), []);
    } else {
      const stored = await findMessageByClientId(trx, userId, input.client_id);
      if (!stored) throw domainErrors.conflict('Message could not be saved, please retry');
      message = (await presentMessages(trx, [stored]))[0] as MessageDto;
    }
    return {
      result: { message, created: inserted },
      events: inserted ? [{ type: 'message.created', message }] : [],
    };
  });
  if (sent.created) announceActivity(ctx, sent.message, 'created', mentioned);
  return sent;
}

/** Tells the room's members' sockets (open room or not) so unread counts and markers follow. */
function announceActivity(
  ctx: AppContext,
  message: Pick<MessageDto, 'id' | 'room_id' | 'user_id'>,
  kind: 'created' | 'deleted',
  mentioned: string[],
) {
  void publishToUsers(ctx.bus, {
    type: 'room.activity',
    frame: {
      type: 'room.activity',
      room_id: message.room_id,
      message_id: message.id,
      author_id: message.user_id,
      mentioned_user_ids: mentioned,
      kind,
    },
  }).catch((error: unknown) => ctx.logger.warn({ err: error }, 'room activity not announced'));
}

export async function editMessage(
  ctx: AppContext,
  userId: string,
  messageId: string,
  rawContent: string,
): Promise<MessageDto> {
  const db = ctx.database.db;
  const current = await findMessageById(db, messageId);
  if (!current) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
  if (current.user_id !== userId) throw domainErrors.forbidden('You can only edit your own messages');
  // SPEC §5: a blank edit is ignored (blank as stored: invisible characters do not count).
  if (isBlankText(sanitizeMessage(rawContent))) return (await presentMessages(db, [current]))[0] as MessageDto;
  const content = checkedContent(rawContent);
  if (content === current.content) return (await presentMessages(db, [current]))[0] as MessageDto;
  await enforceEditLimit(ctx, userId);

  return changeRoom(ctx, current.room_id, async (trx, nowIso) => {
    const updated = await updateOwnMessage(trx, messageId, userId, content, nowIso);
    if (!updated) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
    const message = (await presentMessages(trx, [updated]))[0] as MessageDto;
    await showCurrentTextInLog(trx, message);
    await recordMentions(trx, updated);
    return { result: message, events: [{ type: 'message.updated', message }] };
  });
}

export async function deleteMessage(ctx: AppContext, userId: string, messageId: string): Promise<void> {
  const current = await findMessageById(ctx.database.db, messageId);
  if (!current) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
  if (current.user_id !== userId) throw domainErrors.forbidden('You can only delete your own messages');
  const removed = await changeRoom(ctx, current.room_id, async (trx, nowIso) => {
    const deleted = await deleteOwnMessage(trx, messageId, userId, nowIso);
    if (deleted) {
      await tombstoneDeletedInLog(trx, current.room_id, messageId);
      await readStateRepository(trx).setMentions(current, []);
    }
    return { result: deleted, events: deleted ? [{ type: 'message.deleted', message_id: messageId }] : [] };
  });
  if (removed) {
    announceActivity(ctx, { id: messageId, room_id: current.room_id, user_id: userId }, 'deleted', []);
  }
}

/** SPEC §5 rules on the text as it will be stored (validateMessage judges the cleaned text). */
function checkedContent(raw: string): string {
  const problem = validateMessage(raw);
  if (problem) throw domainErrors.invalid(problem);
  return sanitizeMessage(raw);
}
