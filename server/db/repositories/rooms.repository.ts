import { sql, type Insertable, type Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { ChatRoomRow, ChatRoomsTable, Database } from '../schema';

type Db = Kysely<Database>;

/** A room with the number of its active members (home page filters, 'Active now'). */
export interface RoomActivityRow {
  room_id: string;
  title: string;
  repo_full_name: string;
  repo_key: string;
  last_activity_at: string;
  active_members: number;
}

/** One room per repository whatever the spelling: the key is the lower-cased full name. */
export function repoKeyOf(repoFullName: string): string {
  return repoFullName.toLowerCase();
}

/** Chat rooms, their sequence counters and activity (db may be a transaction). */
export function roomsRepository(db: Db) {
  return {
    async findById(roomId: string): Promise<ChatRoomRow | undefined> {
      return db.selectFrom('chat_rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
    },

    async findByRepoKey(repoKey: string): Promise<ChatRoomRow | undefined> {
      return db.selectFrom('chat_rooms').selectAll().where('repo_key', '=', repoKey).executeTakeFirst();
    },

    /** Inserts the room unless one exists for the repository; true when this call created it. */
    async insertIfAbsent(room: Insertable<ChatRoomsTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('chat_rooms')
        .values(room)
        .onConflict((oc) => oc.column('repo_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async lockAndReserveSeq(roomId: string, nowIso: string): Promise<number | undefined> {
      const row = await reserveSeq.first(db, roomId, nowIso);
      return row ? Number(row.last_seq) : undefined;
    },

    async setArchiveSettings(roomId: string, settings: { access: string; indexing: string }): Promise<void> {
      await db
        .updateTable('chat_rooms')
        .set({ archive_access: settings.access, archive_indexing: settings.indexing })
        .where('id', '=', roomId)
        .execute();
    },

    async setTopic(roomId: string, topic: string): Promise<void> {
      await db.updateTable('chat_rooms').set({ topic }).where('id', '=', roomId).execute();
    },

    async setSlowMode(roomId: string, seconds: number): Promise<void> {
      await db.updateTable('chat_rooms').set({ slow_mode_seconds: seconds }).where('id', '=', roomId).execute();
    },

    async setLastSeq(roomId: string, lastSeq: number): Promise<void> {
      await db.updateTable('chat_rooms').set({ last_seq: lastSeq }).where('id', '=', roomId).execute();
    },

    async readLastSeq(roomId: string): Promise<number | undefined> {
      const row = await db.selectFrom('chat_rooms').select('last_seq').where('id', '=', roomId).executeTakeFirst();
      return row ? Number(row.last_seq) : undefined;
    },

    /** Rooms of the given repositories (lower-cased full names) with their active member counts. */
    async activeMemberCountsByRepo(repoKeys: string[]): Promise<Map<string, RoomActivityRow>> {
      const keys = [...new Set(repoKeys.map(repoKeyOf))];
      const result = new Map<string, RoomActivityRow>();
      if (keys.length === 0) return result;
      const rows = await activitySelect(db).where('r.repo_key', 'in', keys).execute();
      for (const row of rows) result.set(row.repo_key, normaliseActivity(row));
      return result;
    },

    /** The rooms with the latest activity, newest first, with their active member counts. */
    async mostRecentlyActive(limit: number): Promise<RoomActivityRow[]> {
      const rows = await activitySelect(db)
        .orderBy('r.last_activity_at', 'desc')
        .orderBy('r.id')
        .limit(limit)
        .execute();
      return rows.map(normaliseActivity);
    },
  };
}

/**
 * Marks activity and reserves the room's next sequence number in one statement, returning it.
 * On PostgreSQL the update takes the room's row lock until commit, so every change in one room is
 * serialised (SQLite serialises all writers anyway) and numbers stay gap-free: a change that
 * writes other than exactly one event corrects last_seq with setLastSeq before commit, and a
 * rolled-back change releases its number. Undefined when the room does not exist.
 */
const reserveSeq = preparedQuery(2, (db, roomId: string, nowIso: string) =>
  db
    .updateTable('chat_rooms')
    .set({ last_activity_at: nowIso, last_seq: sql<number>`last_seq + 1` })
    .where('id', '=', roomId)
    .returning('last_seq'),
);

function activitySelect(db: Db) {
  return db.selectFrom('chat_rooms as r').select((eb) => [
    'r.id as room_id',
    'r.title',
    'r.repo_full_name',
    'r.repo_key',
    'r.last_activity_at',
    eb
      .selectFrom('chat_members as m')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('m.room_id', '=', 'r.id')
      .where('m.left_at', 'is', null)
      .as('active_members'),
  ]);
}

function normaliseActivity(
  row: Omit<RoomActivityRow, 'active_members'> & { active_members: unknown },
): RoomActivityRow {
  return { ...row, active_members: Number(row.active_members ?? 0) };
}
