import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import { toBool, type ChatMemberRow, type ChatRoomRow, type Database } from '../schema';

type Db = Kysely<Database>;

export interface MemberWithProfileRow {
  user_id: string;
  joined_at: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  github_username: string | null;
  moderator: boolean;
  muted_until: string | null;
}

/** A member's role as last read from GitHub. */
export interface MemberRole {
  moderator: boolean;
  /** ISO time of the reading. */
  checked_at: string;
}

export type MyRoomRow = ChatRoomRow & { joined_at: string };

/** Room memberships (db may be a transaction). */
export function membersRepository(db: Db) {
  return {
    async find(roomId: string, userId: string): Promise<ChatMemberRow | undefined> {
      return db
        .selectFrom('chat_members')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async isActiveMember(roomId: string, userId: string): Promise<boolean> {
      return (await activeMembership.first(db, roomId, userId)) !== undefined;
    },

    /** Makes the membership active from `joinedAt` (one row per room and user, whatever happened before). */
    async upsertActive(
      member: { id: string; room_id: string; user_id: string; joined_at: string },
      role?: MemberRole,
    ): Promise<void> {
      // The read position starts at the join: history before it is not "unread".
      const position = { read_created_at: member.joined_at, read_message_id: '' };
      const roleColumns = role ? { moderator: role.moderator, role_checked_at: role.checked_at } : {};
      await db
        .insertInto('chat_members')
        .values({ ...member, left_at: null, ...position, ...roleColumns })
        .onConflict((oc) =>
          oc
            .columns(['room_id', 'user_id'])
            .doUpdateSet({ joined_at: member.joined_at, left_at: null, ...position, ...roleColumns }),
        )
        .execute();
    },

    /** The member's role and when it was read; undefined when not an active member. */
    async findActiveRole(roomId: string, userId: string): Promise<MemberRole | undefined> {
      const row = await db
        .selectFrom('chat_members')
        .select(['moderator', 'role_checked_at'])
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('left_at', 'is', null)
        .executeTakeFirst();
      return row ? { moderator: toBool(row.moderator), checked_at: row.role_checked_at } : undefined;
    },

    /** The room's active members whom GitHub last called moderators. */
    async activeModeratorIds(roomId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_members')
        .select('user_id')
        .where('room_id', '=', roomId)
        .where('left_at', 'is', null)
        .where('moderator', '=', true)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** Until when the member is muted in the room (ISO), null when never muted. */
    async findMutedUntil(roomId: string, userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('chat_members')
        .select('muted_until')
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.muted_until ?? null;
    },

    /** Sets or clears (null) a member's mute (kept while they are away, so leaving does not lift it). */
    async setMutedUntil(roomId: string, userId: string, until: string | null): Promise<void> {
      await db
        .updateTable('chat_members')
        .set({ muted_until: until })
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Stores a role reading; false when the member is no longer active. */
    async setRole(roomId: string, userId: string, role: MemberRole): Promise<boolean> {
      const result = await db
        .updateTable('chat_members')
        .set({ moderator: role.moderator, role_checked_at: role.checked_at })
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('left_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends an active membership; false when there was none. */
    async markLeft(roomId: string, userId: string, leftAt: string): Promise<boolean> {
      const result = await db
        .updateTable('chat_members')
        .set({ left_at: leftAt })
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('left_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async countActive(roomId: string): Promise<number> {
      const row = await db
        .selectFrom('chat_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('room_id', '=', roomId)
        .where('left_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Active members with their public profile fields, newest join first. */
    async listActive(roomId: string): Promise<MemberWithProfileRow[]> {
      const rows = await db
        .selectFrom('chat_members as m')
        .innerJoin('profiles as p', 'p.id', 'm.user_id')
        .select([
          'm.user_id',
          'm.joined_at',
          'm.moderator',
          'm.muted_until',
          'p.username',
          'p.display_name',
          'p.avatar_url',
          'p.github_username',
        ])
        .where('m.room_id', '=', roomId)
        .where('m.left_at', 'is', null)
        .orderBy('m.joined_at', 'desc')
        .orderBy('m.user_id')
        .execute();
      return rows.map((row) => ({ ...row, moderator: toBool(row.moderator) }));
    },

    /** The user's active rooms, newest join first. */
    async listUserRooms(userId: string, limit: number): Promise<MyRoomRow[]> {
      return db
        .selectFrom('chat_members as m')
        .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
        .selectAll('r')
        .select('m.joined_at')
        .where('m.user_id', '=', userId)
        .where('m.left_at', 'is', null)
        .orderBy('m.joined_at', 'desc')
        .orderBy('r.id')
        .limit(limit)
        .execute();
    },

    /** The ids of a user's active rooms (which rooms' activity their sockets hear). */
    async listActiveRoomIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_members')
        .select('room_id')
        .where('user_id', '=', userId)
        .where('left_at', 'is', null)
        .execute();
      return rows.map((row) => row.room_id);
    },
  };
}

const activeMembership = preparedQuery(2, (db, roomId: string, userId: string) =>
  db
    .selectFrom('chat_members')
    .select('id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null),
);
