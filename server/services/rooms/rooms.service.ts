import { DEFAULT_ACTIVITY_KINDS } from '../../../shared/api/repo-activity';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type {
  JoinRoomResponse,
  MembersResponse,
  MyRoomsResponse,
  RoomDetailsResponse,
} from '../../../shared/api/rooms';
import type { EventBus } from '../../bus/event-bus';
import { BANNED_MESSAGE } from '../../../shared/api/rooms';
import { membersRepository } from '../../db/repositories/members.repository';
import { roomBansRepository } from '../../db/repositories/room-bans.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { repoKeyOf, roomsRepository } from '../../db/repositories/rooms.repository';
import type { ChatRoomRow, Database } from '../../db/schema';
import { domainErrors } from '../../errors';
import { toUserSummaryDto } from '../messages/message.presenter';
import { busChannels, publishOn } from '../../bus/channels';
import { refuseIfBanned } from '../moderation/bans';
import { archiveSettingsOf } from '../archive/archive-settings.service';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { applyChangeInTransaction, ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from './chat-rate-limits';
import type { RepositoryCheck } from './repository-check';
import { toMemberDto, toRoomDto, toRoomSummaryDto } from './room.presenter';

export type JoinTarget = { repoFullName: string } | { roomId: string };

export interface RoomsServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  limits: Pick<ChatRateLimits, 'join'>;
  verifiedRepositoryName: RepositoryCheck;
  roles: Pick<MemberRolesService, 'roleForJoin' | 'isModerator'>;
  bus: EventBus;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
}

/** Rooms and memberships: joining (creating a repository's room on first join), leaving, reading. */
export function createRoomsService({
  db,
  changes,
  limits,
  verifiedRepositoryName,
  roles,
  bus,
  logger,
  now,
}: RoomsServiceDeps) {
  const rooms = roomsRepository(db);
  const members = membersRepository(db);

  /** Every process re-reads which rooms this user's sockets watch for activity. */
  function announceMembership(userId: string): void {
    void publishOn(bus, busChannels.users, { type: 'membership.changed', user_id: userId }).catch((error: unknown) =>
      logger.warn({ err: error }, 'membership change not announced'),
    );
  }

  return {
    /**
     * Joins a room by repository (creating the room on first join, once GitHub confirms the
     * repository exists) or by id (invite links).
     *
     * Re-joining a room the user is already an active member of is a no-op: it is not counted by
     * the join rate limit and keeps the original joined_at (so 'new member' markers and the
     * 'Continue your chats' order do not jump on every visit). A returning member who had left
     * gets joined_at = now, as docs/PRODUCT.md §4 says.
     */
    async join(userId: string, target: JoinTarget): Promise<JoinRoomResponse> {
      const existing =
        'roomId' in target
          ? await rooms.findById(target.roomId)
          : await rooms.findByRepoKey(repoKeyOf(target.repoFullName));
      if (!existing && 'roomId' in target) throw domainErrors.notFound(ROOM_NOT_FOUND);
      if (existing) {
        const membership = await members.find(existing.id, userId);
        if (membership && membership.left_at === null) return { room: toRoomDto(existing), created: false };
        if (await roomBansRepository(db).isBanned(existing.id, userId)) throw domainErrors.forbidden(BANNED_MESSAGE);
      }

      // Counted before GitHub is asked, so the limit also bounds lookups of made-up names.
      await limits.join(userId);
      const name =
        existing || !('repoFullName' in target) ? undefined : await verifiedRepositoryName(target.repoFullName);
      // The role is read from GitHub before the transaction, so the join event already carries it.
      const repoName = existing?.repo_full_name ?? name;
      const role = repoName === undefined ? undefined : await roles.roleForJoin(userId, repoName);

      const nowIso = new Date(now()).toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        const roomsInTransaction = roomsRepository(trx);
        let created = false;
        let room: ChatRoomRow | undefined = existing;
        if (!room && name !== undefined) {
          // Two first joins racing: the unique repo_key lets one insert win; both then read that row.
          created = await roomsInTransaction.insertIfAbsent({
            id: randomUUID(),
            title: `${name.slice(name.indexOf('/') + 1)} Discussion`,
            repo_full_name: name,
            repo_key: repoKeyOf(name),
            created_by: userId,
            last_activity_at: nowIso,
            created_at: nowIso,
            last_seq: 0,
            slow_mode_seconds: 0,
            topic: '',
            activity_kinds: DEFAULT_ACTIVITY_KINDS.join(','),
          });
          room = await roomsInTransaction.findByRepoKey(repoKeyOf(name));
        }
        if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
        const roomId = room.id;
        const applied = await applyChangeInTransaction(trx, roomId, nowIso, async (inner, at) => {
          const membersInTransaction = membersRepository(inner);
          const membership = await membersInTransaction.find(roomId, userId);
          if (membership && membership.left_at === null) return { result: undefined, events: [] };
          // Re-checked under the room lock: a ban committed meanwhile holds.
          if (await roomBansRepository(inner).isBanned(roomId, userId)) throw domainErrors.forbidden(BANNED_MESSAGE);
          await membersInTransaction.upsertActive(
            { id: randomUUID(), room_id: roomId, user_id: userId, joined_at: at },
            role ?? { moderator: false, checked_at: '' },
          );
          const author = (await messagesRepository(inner).findAuthors([userId])).get(userId);
          const member = { user: toUserSummaryDto(userId, author), joined_at: at, moderator: role?.moderator ?? false };
          return { result: undefined, events: [{ type: 'member.joined', member }] };
        });
        const fresh = (await roomsInTransaction.findById(roomId)) ?? room;
        return { room: fresh, created, committed: applied.committed };
      });
      changes.publish(outcome.room.id, outcome.committed);
      if (outcome.committed.length > 0) announceMembership(userId);
      return { room: toRoomDto(outcome.room), created: outcome.created };
    },

    /** Ends the caller's membership; leaving a room one is not in is a no-op. */
    async leave(userId: string, roomId: string): Promise<void> {
      const left = await changes.commit(roomId, async (trx, nowIso) => {
        const ended = await membersRepository(trx).markLeft(roomId, userId, nowIso);
        return { result: ended, events: ended ? [{ type: 'member.left', user_id: userId }] : [] };
      });
      if (left) announceMembership(userId);
    },

    async details(userId: string | null, roomId: string): Promise<RoomDetailsResponse> {
      const room = await rooms.findById(roomId);
      if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
      // Anyone reads a room but the people banned from it.
      if (userId !== null) await refuseIfBanned(db, roomId, userId);
      // Opening a room re-reads a stale role first, so a role change is in the log before last_seq is read.
      const moderator = userId === null ? false : await roles.isModerator(roomId, userId);
      const [membership, memberCount, fresh] = await Promise.all([
        userId === null ? Promise.resolve(undefined) : members.find(roomId, userId),
        members.countActive(roomId),
        rooms.findById(roomId),
      ]);
      return {
        room: toRoomDto(fresh ?? room),
        membership: membership ? { joined_at: membership.joined_at, left_at: membership.left_at } : null,
        member_count: memberCount,
        last_seq: Number((fresh ?? room).last_seq),
        moderator,
        archive: archiveSettingsOf(fresh ?? room),
      };
    },

    /** The room's active members, for anyone signed in except someone banned from it. */
    async members(readerId: string, roomId: string): Promise<MembersResponse> {
      if (!(await rooms.findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
      await refuseIfBanned(db, roomId, readerId);
      return { members: (await members.listActive(roomId)).map(toMemberDto) };
    },

    async myRooms(userId: string, limit: number): Promise<MyRoomsResponse> {
      return { rooms: (await members.listUserRooms(userId, limit)).map(toRoomSummaryDto) };
    },

    /** Room id and active member count per repository (keyed by the lower-cased full name). */
    activeMemberCounts(repos: string[]) {
      return rooms.activeMemberCountsByRepo(repos);
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
