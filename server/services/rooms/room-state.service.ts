import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { RoomOpenedAt, RoomStateResponse } from '../../../shared/api/room-state';
import {
  DEFAULT_NOTIFICATION_LEVEL,
  NOTIFICATION_LEVELS,
  type NotificationLevel,
} from '../../../shared/api/notifications';
import { PINNED_MESSAGES_MAX, type MemberDto } from '../../../shared/api/rooms';
import { isUuid } from '../../../shared/text';
import { membersRepository } from '../../db/repositories/members.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { pinnedMessagesRepository } from '../../db/repositories/pinned-messages.repository';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { roomBansRepository } from '../../db/repositories/room-bans.repository';
import { roomEventsRepository } from '../../db/repositories/room-events.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database, MessageRow } from '../../db/schema';
import { domainErrors } from '../../errors';
import { refuseIfBanned } from '../moderation/bans';
import { refuseIfMembersOnly } from '../archive/archive-settings.service';
import { encodeCursor } from '../messages/message-cursor';
import { presentMessages, toUserSummaryDto } from '../messages/message.presenter';
import type { MessageReferencesService } from '../messages/message-references.service';
import type { MemberRolesService } from '../moderation/member-roles.service';
import type { PresenceStore } from '../presence/presence-store';
import { ROOM_NOT_FOUND } from '../room-events/room-change';
import type { MemberListCache } from './member-list-cache';
import { toMemberDto, toRoomDto } from './room.presenter';

export interface RoomStateServiceDeps {
  db: Kysely<Database>;
  roles: Pick<MemberRolesService, 'isModerator'>;
  presence: Pick<PresenceStore, 'online'>;
  logger: Pick<Logger, 'warn'>;
  /** References of the page shown that are older than their cache lifetime are read again, after the answer. */
  references?: Pick<MessageReferencesService, 'revalidate'> | undefined;
  /** Member lists read before and still current by the room's log (member-list-cache.ts). */
  memberLists?: MemberListCache | undefined;
}

export interface RoomStateRequest {
  limit: number;
  around?: string | undefined;
}

interface PageRead {
  rows: MessageRow[];
  hasOlder: boolean;
  hasNewer: boolean;
}

/**
 * A room's snapshot (GET /api/rooms/{id}/state): its details, members, pins, a page of messages
 * and the caller's own standing, all read in one transaction that sees one state of the database
 * (PostgreSQL: repeatable read; SQLite: a read transaction sees one state of the file), together
 * with the room's sequence number of that state. A client that applies the events after it, and
 * ignores those at or before it, misses nothing and applies nothing twice.
 */
export function createRoomStateService({ db, roles, presence, logger, references, memberLists }: RoomStateServiceDeps) {
  return {
    async read(userId: string | null, roomId: string, request: RoomStateRequest): Promise<RoomStateResponse> {
      if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
      await refuseIfMembersOnly(db, roomId, userId);
      if (userId !== null) {
        await refuseIfBanned(db, roomId, userId);
        // A stale role is read again first, so its change is in the log before the sequence is read.
        await roles.isModerator(roomId, userId);
      }
      const online = await presence.online(roomId);
      const state = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((trx) => readState(trx, userId, roomId, request, memberLists));
      if (references) {
        void references
          .revalidate(roomId, state.rows)
          .catch((error: unknown) => logger.warn({ err: error, roomId }, 'references not revalidated'));
      }
      // A reader who is not a member sees no one online (presence is for the room's members).
      if (state.answer.viewer === null) return state.answer;
      const members = new Set(state.answer.members.map((m) => m.user.id));
      return { ...state.answer, online_user_ids: online.filter((id) => members.has(id)) };
    },
  };
}

async function readState(
  trx: Kysely<Database>,
  userId: string | null,
  roomId: string,
  request: RoomStateRequest,
  memberLists: MemberListCache | undefined,
): Promise<{ answer: RoomStateResponse; rows: MessageRow[] }> {
  // The room row first: on SQLite the transaction's view of the file is fixed by its first read.
  const room = await roomsRepository(trx).findById(roomId);
  if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
  // Anyone may read a room (docs/PRODUCT.md §22); a reader who is not an active member gets no
  // standing of their own, and neither the member list nor presence.
  const found = userId === null ? undefined : await membersRepository(trx).find(roomId, userId);
  const membership = found && found.left_at === null ? found : undefined;
  const moderator = Boolean(membership?.moderator);

  const [members, pinRows, unread, bans] = await Promise.all([
    membership ? memberList(trx, roomId, Number(room.last_seq), memberLists) : Promise.resolve([]),
    pinnedMessagesRepository(trx).list(roomId, PINNED_MESSAGES_MAX),
    membership && userId !== null ? readStateRepository(trx).unreadSummary(userId, [roomId]) : Promise.resolve([]),
    moderator ? roomBansRepository(trx).list(roomId) : Promise.resolve(null),
  ]);
  const firstUnread = unread[0]?.first_unread_id ?? null;

  let openedAt: RoomOpenedAt = 'newest';
  let page: PageRead | undefined;
  const anchor = request.around ?? firstUnread ?? undefined;
  if (anchor !== undefined && isUuid(anchor)) page = await pageAround(trx, roomId, anchor, request.limit);
  if (page) openedAt = request.around !== undefined ? 'anchor' : 'unread';
  else if (request.around !== undefined) openedAt = 'anchor-missing';
  page ??= await newestPage(trx, roomId, request.limit);

  const [messages, pinned] = await Promise.all([
    presentMessages(trx, page.rows),
    presentMessages(
      trx,
      pinRows.map((row) => row.message),
    ),
  ]);
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  const answer: RoomStateResponse = {
    last_seq: Number(room.last_seq),
    room: toRoomDto(room),
    members,
    online_user_ids: [],
    pins: pinned.map((message, index) => ({ message, pinned_at: pinRows[index]?.pinned_at ?? '' })),
    messages: {
      messages,
      next_cursor: page.hasOlder && first ? encodeCursor(first) : null,
      newer_cursor: page.hasNewer && last ? encodeCursor(last) : null,
      opened_at: openedAt,
    },
    viewer: membership
      ? {
          joined_at: membership.joined_at,
          moderator,
          muted_until: membership.muted_until,
          notification_level: notificationLevel(membership.notification_level),
          first_unread_message_id: firstUnread,
        }
      : null,
    bans:
      bans?.map((row) => ({
        user: toUserSummaryDto(row.user_id, { id: row.user_id, ...row }),
        banned_at: row.created_at,
      })) ?? null,
  };
  return { answer, rows: page.rows };
}

/** The room's active members at `seq`, from the cache when its list is still current. */
async function memberList(
  trx: Kysely<Database>,
  roomId: string,
  seq: number,
  cache: MemberListCache | undefined,
): Promise<MemberDto[]> {
  const cached = await cache?.get(
    roomId,
    seq,
    async (fromSeq) => !(await roomEventsRepository(trx).hasMembershipChange(roomId, fromSeq, seq)),
  );
  if (cached) return cached;
  const members = (await membersRepository(trx).listActive(roomId)).map(toMemberDto);
  cache?.put(roomId, seq, members);
  return members;
}

async function newestPage(trx: Kysely<Database>, roomId: string, limit: number): Promise<PageRead> {
  const { rows } = await messagesRepository(trx).listBefore(roomId, null, limit + 1);
  return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit, hasNewer: false };
}

/** Half the page above the message, the rest from it down; undefined when the room has no such message. */
async function pageAround(
  trx: Kysely<Database>,
  roomId: string,
  messageId: string,
  limit: number,
): Promise<PageRead | undefined> {
  const above = Math.floor(limit / 2);
  const below = limit - above - 1;
  const found = await messagesRepository(trx).listAround(roomId, messageId, above + 1, below + 1);
  if (!found) return undefined;
  const older = found.older.slice(found.older.length - Math.min(above, found.older.length));
  return {
    rows: [...older, found.target, ...found.newer.slice(0, below)],
    hasOlder: found.older.length > above,
    hasNewer: found.newer.length > below,
  };
}

function notificationLevel(stored: string): NotificationLevel {
  return (NOTIFICATION_LEVELS as readonly string[]).includes(stored)
    ? (stored as NotificationLevel)
    : DEFAULT_NOTIFICATION_LEVEL;
}
