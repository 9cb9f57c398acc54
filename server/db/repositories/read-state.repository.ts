import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';
import { preparedQuery } from '../prepared-query';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** Counts stop here: the client shows "99+", and a long-unread room costs no more than this. */
export const UNREAD_COUNT_CAP = 100;

/** A place in a room's message order. */
export interface ReadCursor {
  created_at: string;
  id: string;
}

export interface UnreadRow {
  room_id: string;
  notification_level: string;
  unread_count: number;
  mention_count: number;
  read_message_id: string;
  first_unread_id: string | null;
}

/**
 * See unreadBasis. `rooms`: for each active room, ordered by id, its id and what its counts depend
 * on, as `id|seq|read time|read id|level`, joined by ','; `ignores`: a stamp of the ignore list.
 */
export interface UnreadBasis {
  ignores: string;
  rooms: string;
}

/** The rooms of an unread basis, each with its stamp (everything after the id). */
export function basisRooms(basis: UnreadBasis): Array<{ room_id: string; stamp: string }> {
  if (basis.rooms === '') return [];
  return basis.rooms.split(',').map((entry) => {
    const cut = entry.indexOf('|');
    return { room_id: entry.slice(0, cut), stamp: entry.slice(cut + 1) };
  });
}

export interface MentionRow {
  message_id: string;
  room_id: string;
  created_at: string;
  user_id: string;
  content: string;
  repo_full_name: string;
  unread: boolean;
}

/** Read positions and mentions of members (the counts behind unread badges). */
export function readStateRepository(db: Db) {
  return {
    /**
     * Every active room of the user with its unread and mention counts (each capped) and the first
     * unread message, in one statement. Each count reads the next UNREAD_COUNT_CAP messages after
     * the read position along the (room, created_at, id) index and counts those by others that are
     * not deleted, so 50 rooms cost 50 short index ranges. The user's own messages are not filtered
     * in the walk itself: PostgreSQL, estimating that almost nothing matches for someone who wrote
     * most of a room, would read the whole table instead (seconds). Writing a message moves the
     * writer's position to it, so their own messages after it are rare, and "99+" stays "99+".
     * Mentions by someone the user ignores do not count (also those recorded before the ignore).
     */
    async unreadSummary(userId: string, onlyRooms?: readonly string[]): Promise<UnreadRow[]> {
      // One statement text for any set of rooms: an array (PostgreSQL) or a JSON array (SQLite).
      const rooms =
        onlyRooms === undefined
          ? sql.raw('')
          : engineOf(db) === 'postgres'
            ? sql`and cm.room_id = any(${[...onlyRooms]}::text[])`
            : sql`and cm.room_id in (select value from json_each(${JSON.stringify(onlyRooms)}))`;
      // Row values, so both databases walk the index from the position instead of filtering rows.
      const after = sql`(x.created_at, x.id) > (cm.read_created_at, cm.read_message_id)`;
      const mentionAfter = sql`(n.created_at, n.message_id) > (cm.read_created_at, cm.read_message_id)`;
      const next = sql`
        select x.id, x.created_at, x.user_id, x.deleted_at, x.in_room from messages x
        where x.room_id = cm.room_id and ${after}
        order by x.created_at, x.id
        limit ${UNREAD_COUNT_CAP}`;
      const result = await sql<{
        room_id: string;
        unread_count: number | string;
        mention_count: number | string;
        read_message_id: string;
        first_unread_id: string | null;
        notification_level: string;
      }>`
        select cm.room_id, cm.read_message_id, cm.notification_level,
          (select count(*) from (${next}) w
            where w.user_id <> ${userId} and w.deleted_at is null and w.in_room = ${true}) as unread_count,
          (select count(*) from (
            select 1 from message_mentions n
            where n.user_id = ${userId} and n.room_id = cm.room_id and ${mentionAfter}
              and not exists (
                select 1 from messages a
                join user_ignores i on i.ignored_user_id = a.user_id and i.user_id = ${userId}
                where a.id = n.message_id)
            order by n.created_at, n.message_id
            limit ${UNREAD_COUNT_CAP}
          ) as mentioned) as mention_count,
          (select w.id from (${next}) w
            where w.user_id <> ${userId} and w.deleted_at is null and w.in_room = ${true}
            order by w.created_at, w.id limit 1) as first_unread_id
        from chat_members cm
        where cm.user_id = ${userId} and cm.left_at is null ${rooms}
      `.execute(db);
      return result.rows.map((row) => ({
        room_id: row.room_id,
        notification_level: row.notification_level,
        unread_count: Number(row.unread_count),
        mention_count: Number(row.mention_count),
        read_message_id: row.read_message_id,
        first_unread_id: row.first_unread_id,
      }));
    },

    /**
     * What each user's unread counts depend on, for several users in one statement: for each active
     * room the room's last sequence number (every message, deletion and mention moves it) with how far
     * the work after its commits has come (which records new messages' mentions), the read
     * position and the notification level; and a stamp of the user's ignore list (which changes the
     * mention counts without any room changing).
     */
    async unreadBases(userIds: readonly string[]): Promise<Map<string, UnreadBasis>> {
      // One row of text per user, whatever the number of rooms: equal texts mean nothing changed,
      // and only then is nothing parsed. Ids, times and levels hold neither '|' nor ','.
      const postgres = engineOf(db) === 'postgres';
      // The mentions of new messages are recorded after their commit: how far that work has come
      // (the room's post_commit_cursors row) is part of the room's stamp.
      const stamp = sql`cm.room_id || '|' || r.last_seq || '.' || coalesce(pc.applied_seq, 0) || '|' || cm.read_created_at || '|' || cm.read_message_id || '|' || cm.notification_level`;
      const rooms = postgres
        ? sql`string_agg(${stamp}, ',' order by cm.room_id)`
        : sql`group_concat(${stamp}, ',' order by cm.room_id)`;
      // One statement text for any number of users: an array (PostgreSQL) or a JSON array (SQLite).
      const users = postgres
        ? sql`cm.user_id = any(${[...userIds]}::text[])`
        : sql`cm.user_id in (select value from json_each(${JSON.stringify(userIds)}))`;
      const { rows } = await sql<{ user_id: string; rooms: string; ignores: string }>`
        select cm.user_id, ${rooms} as rooms,
          (select count(*) || '/' || coalesce(max(i.created_at), '') from user_ignores i
            where i.user_id = cm.user_id) as ignores
        from chat_members cm join chat_rooms r on r.id = cm.room_id
        left join post_commit_cursors pc on pc.room_id = cm.room_id
        where ${users} and cm.left_at is null
        group by cm.user_id`.execute(db);
      const bases = new Map(rows.map((row) => [row.user_id, { rooms: row.rooms, ignores: row.ignores }]));
      // Without rooms there is nothing to count, whatever the ignore list holds.
      for (const userId of userIds) if (!bases.has(userId)) bases.set(userId, { rooms: '', ignores: '' });
      return bases;
    },

    /** The member's position; undefined when they are not an active member. */
    async position(roomId: string, userId: string): Promise<ReadCursor | undefined> {
      const row = await db
        .selectFrom('chat_members')
        .select(['read_created_at', 'read_message_id'])
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('left_at', 'is', null)
        .executeTakeFirst();
      return row ? { created_at: row.read_created_at, id: row.read_message_id } : undefined;
    },

    /** Moves an active member's position to `to` if that is later; true when it moved. */
    async advance(roomId: string, userId: string, to: ReadCursor): Promise<boolean> {
      return (await advancePosition.all(db, roomId, userId, to.created_at, to.id)).length > 0;
    },

    /** Profiles answering to these handles (username or GitHub login, any letter case). */
    async usersByHandle(handles: string[]): Promise<string[]> {
      if (handles.length === 0) return [];
      const lower = handles.map((handle) => handle.toLowerCase());
      const rows = await db
        .selectFrom('profiles')
        .select('id')
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['username']), 'in', lower), eb(eb.fn('lower', ['github_username']), 'in', lower)]),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** Sets how an active member hears about a room; false when they are not one. */
    async setNotificationLevel(roomId: string, userId: string, level: string): Promise<boolean> {
      const result = await db
        .updateTable('chat_members')
        .set({ notification_level: level })
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .where('left_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The user's mentions in the rooms they are an active member of, newest first, before a
     * position (exclusive), with the message, its room's name and whether it is unread.
     */
    async mentionsPage(userId: string, before: ReadCursor | null, limit: number): Promise<MentionRow[]> {
      const older = before ? sql`and (n.created_at, n.message_id) < (${before.created_at}, ${before.id})` : sql``;
      const result = await sql<Omit<MentionRow, 'unread'> & { unread: number | string | boolean }>`
        select n.message_id, n.room_id, n.created_at, m.user_id, m.content, r.repo_full_name,
          case when (n.created_at, n.message_id) > (cm.read_created_at, cm.read_message_id)
            then 1 else 0 end as unread
        from message_mentions n
        join chat_members cm on cm.room_id = n.room_id and cm.user_id = n.user_id and cm.left_at is null
        join messages m on m.id = n.message_id
        join chat_rooms r on r.id = n.room_id
        where n.user_id = ${userId} ${older}
        order by n.created_at desc, n.message_id desc
        limit ${limit}
      `.execute(db);
      return result.rows.map((row) => ({ ...row, unread: Number(row.unread) === 1 }));
    },

    /** Replaces who a message mentions. */
    async setMentions(message: { id: string; room_id: string; created_at: string }, userIds: string[]): Promise<void> {
      await db.deleteFrom('message_mentions').where('message_id', '=', message.id).execute();
      await insertMentions(db, message, userIds);
    },

    /** Mentions of a message that has none yet (just inserted). */
    async addMentions(message: { id: string; room_id: string; created_at: string }, userIds: string[]): Promise<void> {
      await insertMentions(db, message, userIds);
    },
  };
}

export type ReadStateRepository = ReturnType<typeof readStateRepository>;

/** Moves a member's read position forward (never back); returns the row when it moved. */
const advancePosition = preparedQuery(4, (db, roomId: string, userId: string, createdAt: string, messageId: string) =>
  db
    .updateTable('chat_members')
    .set({ read_created_at: createdAt, read_message_id: messageId })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('read_created_at', '<', createdAt),
        eb.and([eb('read_created_at', '=', createdAt), eb('read_message_id', '<', messageId)]),
      ]),
    )
    .returning('id'),
);

async function insertMentions(
  db: Db,
  message: { id: string; room_id: string; created_at: string },
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('message_mentions')
    .values(
      userIds.map((userId) => ({
        message_id: message.id,
        user_id: userId,
        room_id: message.room_id,
        created_at: message.created_at,
      })),
    )
    // Recorded again (after-commit work applied twice), a mention stays one row.
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .execute();
}
