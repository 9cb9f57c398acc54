import { randomUUID } from 'node:crypto';
import type {
  JoinRoomResponse,
  MembersResponse,
  MyRoomsResponse,
  RoomDetailsResponse,
} from '../../../shared/api/rooms';
import { publishToUsers } from '../read-state/user-channel';
import type { AppContext } from '../../context';
import {
  countActiveMembers,
  findMembership,
  listActiveMembers,
  listUserActiveRooms,
  markLeft,
  upsertActiveMembership,
} from '../../db/repositories/members.repository';
import { findAuthors } from '../../db/repositories/messages.repository';
import {
  activeMemberCountsByRepo,
  findRoomById,
  findRoomByRepoKey,
  insertRoomIfAbsent,
  repoKeyOf,
} from '../../db/repositories/rooms.repository';
import type { ChatRoomRow } from '../../db/schema';
import { toUserSummaryDto } from '../messages/message.presenter';
import { applyRoomChange, changeRoom, publishRoomEvents, ROOM_NOT_FOUND } from '../room-events/room-change';
import { enforceJoinLimit } from './chat-rate-limits';
import { verifiedRepositoryName } from './repository-check';
import { toMemberDto, toRoomDto, toRoomSummaryDto } from './room.presenter';
import { domainErrors } from '../../errors';

export type JoinTarget = { repoFullName: string } | { roomId: string };

/**
 * Joins a room by repository (creating the room on first join, once GitHub confirms the
 * repository exists) or by id (invite links).
 *
 * Re-joining a room the user is already an active member of is a no-op: it is not counted by
 * the join rate limit and keeps the original joined_at (so 'new member' markers and the
 * 'Continue your chats' order do not jump on every visit). A returning member who had left
 * gets joined_at = now, as SPEC §4's upsert says.
 */
export async function joinRoom(ctx: AppContext, userId: string, target: JoinTarget): Promise<JoinRoomResponse> {
  const db = ctx.database.db;
  const existing =
    'roomId' in target
      ? await findRoomById(db, target.roomId)
      : await findRoomByRepoKey(db, repoKeyOf(target.repoFullName));
  if (!existing && 'roomId' in target) throw domainErrors.notFound(ROOM_NOT_FOUND);
  if (existing) {
    const membership = await findMembership(db, existing.id, userId);
    if (membership && membership.left_at === null) return { room: toRoomDto(existing), created: false };
  }

  // Counted before GitHub is asked, so the limit also bounds lookups of made-up names.
  await enforceJoinLimit(ctx, userId);
  const name =
    existing || !('repoFullName' in target) ? undefined : await verifiedRepositoryName(ctx, target.repoFullName);

  const nowIso = new Date(ctx.now()).toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    let created = false;
    let room: ChatRoomRow | undefined = existing;
    if (!room && name !== undefined) {
      // Two first joins racing: the unique repo_key lets one insert win; both then read that row.
      created = await insertRoomIfAbsent(trx, {
        id: randomUUID(),
        title: `${name.slice(name.indexOf('/') + 1)} Discussion`,
        repo_full_name: name,
        repo_key: repoKeyOf(name),
        created_by: userId,
        last_activity_at: nowIso,
        created_at: nowIso,
        last_seq: 0,
      });
      room = await findRoomByRepoKey(trx, repoKeyOf(name));
    }
    if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
    const roomId = room.id;
    const applied = await applyRoomChange(trx, roomId, nowIso, async (inner, at) => {
      const membership = await findMembership(inner, roomId, userId);
      if (membership && membership.left_at === null) return { result: undefined, events: [] };
      await upsertActiveMembership(inner, { id: randomUUID(), room_id: roomId, user_id: userId, joined_at: at });
      const author = (await findAuthors(inner, [userId])).get(userId);
      return {
        result: undefined,
        events: [{ type: 'member.joined', member: { user: toUserSummaryDto(userId, author), joined_at: at } }],
      };
    });
    const fresh = (await findRoomById(trx, roomId)) ?? room;
    return { room: fresh, created, committed: applied.committed };
  });
  publishRoomEvents(ctx, outcome.room.id, outcome.committed);
  if (outcome.committed.length > 0) announceMembership(ctx, userId);
  return { room: toRoomDto(outcome.room), created: outcome.created };
}

/** Ends the caller's membership; leaving a room one is not in is a no-op. */
export async function leaveRoom(ctx: AppContext, userId: string, roomId: string): Promise<void> {
  const left = await changeRoom(ctx, roomId, async (trx, nowIso) => {
    const ended = await markLeft(trx, roomId, userId, nowIso);
    return { result: ended, events: ended ? [{ type: 'member.left', user_id: userId }] : [] };
  });
  if (left) announceMembership(ctx, userId);
}

/** Every process re-reads which rooms this user's sockets watch for activity. */
function announceMembership(ctx: AppContext, userId: string): void {
  void publishToUsers(ctx.bus, { type: 'membership.changed', user_id: userId }).catch((error: unknown) =>
    ctx.logger.warn({ err: error }, 'membership change not announced'),
  );
}

export async function roomDetails(ctx: AppContext, userId: string, roomId: string): Promise<RoomDetailsResponse> {
  const db = ctx.database.db;
  const room = await findRoomById(db, roomId);
  if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
  const [membership, memberCount] = await Promise.all([
    findMembership(db, roomId, userId),
    countActiveMembers(db, roomId),
  ]);
  return {
    room: toRoomDto(room),
    membership: membership ? { joined_at: membership.joined_at, left_at: membership.left_at } : null,
    member_count: memberCount,
    last_seq: Number(room.last_seq),
  };
}

export async function roomMembers(ctx: AppContext, roomId: string): Promise<MembersResponse> {
  const db = ctx.database.db;
  if (!(await findRoomById(db, roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
  return { members: (await listActiveMembers(db, roomId)).map(toMemberDto) };
}

export async function myRooms(ctx: AppContext, userId: string, limit: number): Promise<MyRoomsResponse> {
  return { rooms: (await listUserActiveRooms(ctx.database.db, userId, limit)).map(toRoomSummaryDto) };
}

/** Room id and active member count per repository (keyed by the lower-cased full name). */
export function activeMemberCounts(ctx: AppContext, repos: string[]) {
  return activeMemberCountsByRepo(ctx.database.db, repos);
}
