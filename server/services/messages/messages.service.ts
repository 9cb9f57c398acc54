import type { Kysely } from 'kysely';
import {
  REPLY_NOT_IN_ROOM,
  REPLY_TO_DELETED,
  type MessageDto,
  type MessagesPageResponse,
} from '../../../shared/api/rooms';
import { isUuid } from '../../../shared/text';
import { messageExcerpt } from '../../../shared/excerpt';
import { isBlankText } from '../../../shared/validation/clean-text';
import { sanitizeMessage, validateMessage } from '../../../shared/validation/message';
import type { Logger } from 'pino';
import type { EventBus } from '../../bus/event-bus';
import type { Database, MessageReactionRow, MessageRow } from '../../db/schema';
import { type AuthorRow, type MessageCursor, messagesRepository } from '../../db/repositories/messages.repository';
import { createRoomPageCache } from './room-page-cache';
import { reactionsRepository } from '../../db/repositories/reactions.repository';
import { messageReferencesRepository } from '../../db/repositories/message-references.repository';
import { mayHoldReferences } from '../../../shared/github-references';
import type { MessageReferencesService } from './message-references.service';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { assertNotMuted, refuseIfMuted, refuseIfTooSoon } from '../moderation/mutes';
import { readSendCheck, readSendGate } from '../../db/repositories/send-gate.repository';
import { ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { showCurrentTextInLog, tombstoneDeletedInLog } from './message-history';
import { reactorOf, toMessageDto } from './message.presenter';
import { decodeCursor, encodeCursor } from './message-cursor';
import { timeOrderedId } from './time-ordered-id';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { recordMentions } from '../read-state/read-state.service';
import { busChannels, publishOn } from '../../bus/channels';
import { domainErrors } from '../../errors';
import { messageReportsRepository } from '../../db/repositories/message-reports.repository';
import { announceReportsChanged, logModeration } from '../moderation/moderation-log';

export const NOT_A_MEMBER = 'You are not a member of this room';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const MODERATORS_ONLY = 'Only moderators of this room can do that';

/**
 * Loads authors, reactions and reactors, and the messages replied to with their authors, for rows
 * and presents them, keeping the rows' order.
 */
export async function presentMessages(db: Kysely<Database>, rows: MessageRow[]): Promise<MessageDto[]> {
  return (await presentMessagesShowing(db, rows)).messages;
}

/**
 * The same, with every person the messages show (authors, reactors, quoted authors) and what was
 * found of them (undefined: no profile).
 */
async function presentMessagesShowing(
  db: Kysely<Database>,
  rows: MessageRow[],
): Promise<{ messages: MessageDto[]; shown: Map<string, AuthorRow | undefined> }> {
  const replyIds = rows.flatMap((r) => (r.reply_to_id !== null && r.deleted_at === null ? [r.reply_to_id] : []));
  // At once (on PostgreSQL, several connections); each walks an index.
  const [reactions, people, quoted, references] = await Promise.all([
    reactionsRepository(db).listForMessagesWithReactors(rows.map((r) => r.id)),
    messagesRepository(db).findAuthors(rows.map((r) => r.user_id)),
    messagesRepository(db).findQuoted(replyIds),
    // Only messages whose text could refer to GitHub can have stored references.
    messageReferencesRepository(db).listFor(rows.filter((r) => mayHoldReferences(r.content)).map((r) => r.id)),
  ]);
  const byMessage = new Map<string, MessageReactionRow[]>();
  for (const reaction of reactions) {
    const reactor = reactorOf(reaction);
    if (reactor && !people.has(reactor.id)) people.set(reactor.id, reactor);
    const list = byMessage.get(reaction.message_id);
    if (list) list.push(reaction);
    else byMessage.set(reaction.message_id, [reaction]);
  }
  const quotedAuthors = [...quoted.values()].map((q) => q.user_id).filter((id) => !people.has(id));
  if (quotedAuthors.length > 0) {
    for (const [id, author] of await messagesRepository(db).findAuthors(quotedAuthors)) people.set(id, author);
  }
  const shown = new Map<string, AuthorRow | undefined>();
  const show = (id: string) => shown.set(id, people.get(id));
  for (const row of rows) show(row.user_id);
  for (const reaction of reactions) show(reaction.user_id);
  for (const original of quoted.values()) show(original.user_id);
  const messages = rows.map((row) =>
    toMessageDto(row, people, byMessage.get(row.id) ?? [], references.get(row.id)?.refs ?? [], quoted),
  );
  return { messages, shown };
}

/**
 * The replies to a message quote its first line: when that message is edited, deleted or removed,
 * the replies' logged events are rewritten to quote it as it is now (no replay carries a quote of
 * replaced or deleted text). Live clients update the quotes they show from the original's event.
 */
async function showCurrentQuotesInLog(trx: Kysely<Database>, messageId: string): Promise<void> {
  const replies = await messagesRepository(trx).listReplies(messageId);
  if (replies.length === 0) return;
  for (const reply of await presentMessages(trx, replies)) await showCurrentTextInLog(trx, reply);
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

export interface MessagesServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  limits: Pick<ChatRateLimits, 'send' | 'edit' | 'moderate'>;
  roles: Pick<MemberRolesService, 'isModerator'>;
  bus: EventBus;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
  /** GitHub references of messages, resolved after sending and read again as pages are served. */
  references?: Pick<MessageReferencesService, 'afterSend' | 'keepForEdit' | 'afterEdit' | 'revalidate'>;
}

/** A room's messages: pages of history, and sending, editing and deleting one's own. */
export function createMessagesService(deps: MessagesServiceDeps) {
  const { db, changes, limits, roles, bus, logger, now, references } = deps;
  /** Tells the room's members' sockets (open room or not) so unread counts and markers follow. */
  function announceActivity(
    message: Pick<MessageDto, 'id' | 'room_id' | 'user_id'> & Partial<Pick<MessageDto, 'author' | 'content'>>,
    kind: 'created' | 'deleted',
    mentioned: string[],
  ) {
    const author = message.author;
    void publishOn(bus, busChannels.users, {
      type: 'room.activity',
      frame: {
        type: 'room.activity',
        room_id: message.room_id,
        message_id: message.id,
        author_id: message.user_id,
        mentioned_user_ids: mentioned,
        kind,
        ...(author ? { author_name: author.display_name || author.username || 'Someone' } : {}),
        ...(message.content !== undefined ? { excerpt: messageExcerpt(message.content) } : {}),
      },
    }).catch((error: unknown) => logger.warn({ err: error }, 'room activity not announced'));
  }

  /** The message a send replies to: one of the same room that is not deleted. */
  async function checkedReplyTarget(roomId: string, messageId: string): Promise<MessageRow> {
    const original = isUuid(messageId) ? await messagesRepository(db).findInRoom(roomId, messageId) : undefined;
    if (!original) throw domainErrors.invalid(REPLY_NOT_IN_ROOM);
    if (original.deleted_at !== null) throw domainErrors.invalid(REPLY_TO_DELETED);
    return original;
  }

  /** Pages served again while nothing in their room changed (see room-page-cache.ts). */
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

  return {
    async list(roomId: string, request: MessagePageRequest): Promise<MessagesPageResponse> {
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
    },

    async send(
      userId: string,
      roomId: string,
      input: { client_id: string; content: string; reply_to_id?: string | undefined },
    ): Promise<{ message: MessageDto; created: boolean }> {
      // Membership, mute and slow mode, an earlier send with this client id and the sender's
      // profile in one reading (membership, mute and slow mode once more under the room lock).
      const gate = await readSendCheck(db, roomId, userId, input.client_id);
      if (!gate) throw domainErrors.notFound(ROOM_NOT_FOUND);
      if (gate.member_id === null) throw domainErrors.forbidden(NOT_A_MEMBER);
      // A retry of a send that already succeeded answers the original, whatever the limits say now.
      const existing =
        gate.existing_id === null ? undefined : await messagesRepository(db).findByClientId(userId, input.client_id);
      if (existing) return { message: (await presentMessages(db, [existing]))[0] as MessageDto, created: false };
      const author: AuthorRow | undefined =
        gate.profile_id === null
          ? undefined
          : {
              id: gate.profile_id,
              username: gate.username,
              display_name: gate.display_name,
              avatar_url: gate.avatar_url,
              github_username: gate.github_username,
            };

      const content = checkedContent(input.content);
      const replyTo = input.reply_to_id === undefined ? null : await checkedReplyTarget(roomId, input.reply_to_id);
      // A muted member's attempts do not spend their sending budget.
      refuseIfMuted(gate.muted_until, now());
      // Moderators are exempt from slow mode; their role is only looked up when the room has it on.
      const exempt = gate.slow_mode_seconds > 0 && (await roles.isModerator(roomId, userId));
      if (!exempt) refuseIfTooSoon(gate.slow_mode_seconds, gate.last_sent_at, now());
      await limits.send(userId);

      let mentioned: string[] = [];
      const sent = await changes.change(roomId, async (trx, nowIso) => {
        // Re-checked under the room lock: a concurrent leave, mute or message cannot slip past it.
        const locked = await readSendGate(trx, roomId, userId);
        if (!locked || locked.member_id === null) throw domainErrors.forbidden(NOT_A_MEMBER);
        refuseIfMuted(locked.muted_until, Date.parse(nowIso));
        if (!exempt) refuseIfTooSoon(locked.slow_mode_seconds, locked.last_sent_at, Date.parse(nowIso));
        const row: MessageRow = {
          id: timeOrderedId(now()),
          room_id: roomId,
          user_id: userId,
          client_id: input.client_id,
          content,
          created_at: nowIso,
          edited_at: null,
          deleted_at: null,
          removed_by: null,
          reply_to_id: replyTo?.id ?? null,
        };
        const inserted = await messagesRepository(trx).insertIfAbsent(row);
        let message: MessageDto;
        if (inserted) {
          mentioned = await recordMentions(trx, row, { fresh: true });
          // Writing in a room means having seen it up to here.
          await readStateRepository(trx).advance(roomId, userId, { created_at: row.created_at, id: row.id });
          // A message created a moment ago has no reactions yet: its author was read with the
          // gate (the author of the message it replies to is read again under the lock).
          if (row.reply_to_id !== null) {
            message = (await presentMessages(trx, [row]))[0] as MessageDto;
          } else {
            message = toMessageDto(row, new Map(author ? [[userId, author]] : []), []);
          }
        } else {
          const stored = await messagesRepository(trx).findByClientId(userId, input.client_id);
          if (!stored) throw domainErrors.conflict('Message could not be saved, please retry');
          message = (await presentMessages(trx, [stored]))[0] as MessageDto;
        }
        return {
          result: { message, created: inserted },
          events: inserted ? [{ type: 'message.created', message }] : [],
        };
      });
      if (sent.created) {
        announceActivity(sent.message, 'created', mentioned);
        // Resolved once the message is stored and acknowledged: sending never waits on GitHub.
        references?.afterSend(sent.message);
      }
      return sent;
    },

    async edit(userId: string, messageId: string, rawContent: string): Promise<MessageDto> {
      const current = await messagesRepository(db).findById(messageId);
      if (!current) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      if (current.user_id !== userId) throw domainErrors.forbidden('You can only edit your own messages');
      // docs/PRODUCT.md §5: a blank edit is ignored (blank as stored: invisible characters do not count).
      if (isBlankText(sanitizeMessage(rawContent))) return (await presentMessages(db, [current]))[0] as MessageDto;
      const content = checkedContent(rawContent);
      if (content === current.content) return (await presentMessages(db, [current]))[0] as MessageDto;
      await assertNotMuted(db, current.room_id, userId, now());
      await limits.edit(userId);

      let referring = false;
      const edited = await changes.change(current.room_id, async (trx, nowIso) => {
        await assertNotMuted(trx, current.room_id, userId, Date.parse(nowIso));
        const updated = await messagesRepository(trx).updateOwn(messageId, userId, content, nowIso);
        if (!updated) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
        if (references) referring = await references.keepForEdit(trx, updated);
        const message = (await presentMessages(trx, [updated]))[0] as MessageDto;
        await showCurrentTextInLog(trx, message);
        await showCurrentQuotesInLog(trx, messageId);
        await recordMentions(trx, updated);
        return { result: message, events: [{ type: 'message.updated', message }] };
      });
      if (referring) references?.afterEdit(edited);
      return edited;
    },

    async delete(userId: string, messageId: string): Promise<void> {
      const current = await messagesRepository(db).findById(messageId);
      if (!current) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      if (current.user_id !== userId) throw domainErrors.forbidden('You can only delete your own messages');
      let hadReports = false;
      const removed = await changes.change(current.room_id, async (trx, nowIso) => {
        const deleted = await messagesRepository(trx).deleteOwn(messageId, userId, nowIso);
        if (deleted) {
          await tombstoneDeletedInLog(trx, current.room_id, messageId);
          await showCurrentQuotesInLog(trx, messageId);
          await readStateRepository(trx).setMentions(current, []);
          await messageReferencesRepository(trx).delete(messageId);
          // Nothing is left to moderate: its open reports are closed with it.
          hadReports =
            (await messageReportsRepository(trx).resolve(messageId, userId, 'deleted by its author', nowIso)) > 0;
        }
        return { result: deleted, events: deleted ? [{ type: 'message.deleted', message_id: messageId }] : [] };
      });
      if (removed) {
        announceActivity({ id: messageId, room_id: current.room_id, user_id: userId }, 'deleted', []);
        if (hadReports) {
          await announceReportsChanged(db, bus, current.room_id, (error) =>
            logger.warn({ err: error }, 'report count not announced'),
          );
        }
      }
    },

    /**
     * A moderator removes anyone's message: the same tombstone as a deletion (text gone from the
     * row, the mentions and every logged event of it), marked as removed by a moderator.
     */
    async remove(moderatorId: string, messageId: string): Promise<void> {
      const current = await messagesRepository(db).findById(messageId);
      if (!current) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      if (!(await roles.isModerator(current.room_id, moderatorId))) throw domainErrors.forbidden(MODERATORS_ONLY);
      await limits.moderate(moderatorId);
      let hadReports = false;
      const removed = await changes.change(current.room_id, async (trx, nowIso) => {
        const done = await messagesRepository(trx).removeByModerator(messageId, moderatorId, nowIso);
        if (done) {
          await tombstoneDeletedInLog(trx, current.room_id, messageId, true);
          await showCurrentQuotesInLog(trx, messageId);
          await readStateRepository(trx).setMentions(current, []);
          await messageReferencesRepository(trx).delete(messageId);
          // The message's reports are settled by its removal.
          hadReports = (await messageReportsRepository(trx).resolve(messageId, moderatorId, 'removed', nowIso)) > 0;
          await logModeration(trx, {
            roomId: current.room_id,
            actorId: moderatorId,
            action: 'message.removed',
            targetUserId: current.user_id,
            messageId,
            at: nowIso,
          });
        }
        return {
          result: done,
          events: done ? [{ type: 'message.deleted', message_id: messageId, by_moderator: true }] : [],
        };
      });
      if (removed) {
        announceActivity({ id: messageId, room_id: current.room_id, user_id: current.user_id }, 'deleted', []);
        if (hadReports) {
          await announceReportsChanged(db, bus, current.room_id, (error) =>
            logger.warn({ err: error }, 'report count not announced'),
          );
        }
      }
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

function parseCursor(name: 'before' | 'after', text: string): MessageCursor {
  const cursor = decodeCursor(text);
  if (!cursor) throw domainErrors.invalid(`${name}: invalid cursor`);
  return cursor;
}

/** docs/PRODUCT.md §5 rules on the text as it will be stored (validateMessage judges the cleaned text). */
function checkedContent(raw: string): string {
  const problem = validateMessage(raw);
  if (problem) throw domainErrors.invalid(problem);
  return sanitizeMessage(raw);
}
