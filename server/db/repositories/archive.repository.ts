import { sql, type Kysely } from 'kysely';
import type { Database, MessageRow } from '../schema';

type Db = Kysely<Database>;

/** A day of a room's archive: its date (YYYY-MM-DD, UTC) and how many messages it has. */
export interface ArchiveDayRow {
  day: string;
  count: number;
}

/** An author as the archive shows them, with whether their profile is public. */
export interface ArchiveAuthorRow {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  profile_visibility: string;
}

const DAY = sql<string>`substr(created_at, 1, 10)`;

/**
 * What a room's public archive shows: messages that are in the room (thread-only replies are on
 * their thread's page), never deleted or removed ones (their text is gone anyway).
 */
export function archiveRepository(db: Db) {
  const shown = (roomId: string) =>
    db.selectFrom('messages').where('room_id', '=', roomId).where('deleted_at', 'is', null).where('in_room', '=', true);

  return {
    /** The room's days, newest first. */
    async days(roomId: string, limit: number, offset: number): Promise<ArchiveDayRow[]> {
      const rows = await shown(roomId)
        .select([DAY.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy(DAY)
        .orderBy(DAY, 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
    },

    async dayCount(roomId: string): Promise<number> {
      const row = await db
        .selectFrom(shown(roomId).select(DAY.as('day')).distinct().as('d'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** A day's messages in order (`day` is YYYY-MM-DD), at most `limit`. */
    async messagesOn(roomId: string, day: string, limit: number): Promise<MessageRow[]> {
      return shown(roomId)
        .selectAll()
        .where('created_at', '>=', `${day}T`)
        .where('created_at', '<', `${day}T\uffff`)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The nearest days with messages before and after `day`. */
    async neighbours(roomId: string, day: string): Promise<{ previous: string | null; next: string | null }> {
      const [previous, next] = await Promise.all([
        shown(roomId)
          .select(DAY.as('day'))
          .where('created_at', '<', `${day}T`)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
        shown(roomId)
          .select(DAY.as('day'))
          .where('created_at', '>', `${day}T\uffff`)
          .orderBy('created_at')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { previous: previous?.day ?? null, next: next?.day ?? null };
    },

    /** A thread's root (not deleted) in the room, and its replies that are not deleted, in order. */
    async thread(roomId: string, rootId: string): Promise<{ root: MessageRow; replies: MessageRow[] } | undefined> {
      const root = await db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', rootId)
        .where('room_id', '=', roomId)
        .where('thread_root_id', 'is', null)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!root) return undefined;
      const replies = await db
        .selectFrom('messages')
        .selectAll()
        .where('thread_root_id', '=', rootId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { root, replies };
    },

    /** The roots of the room's threads that have replies, with their last reply's time, newest first. */
    async threadRoots(roomId: string, limit: number): Promise<Array<{ root_id: string; last_reply_at: string }>> {
      return db
        .selectFrom('threads')
        .innerJoin('messages', 'messages.id', 'threads.root_id')
        .select(['threads.root_id', 'threads.last_reply_at'])
        .where('threads.room_id', '=', roomId)
        .where('threads.reply_count', '>', 0)
        .where('messages.deleted_at', 'is', null)
        .orderBy('threads.last_reply_at', 'desc')
        .limit(limit)
        .execute();
    },

    async authors(userIds: string[]): Promise<Map<string, ArchiveAuthorRow>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('profiles')
        .select(['id', 'username', 'display_name', 'avatar_url', 'profile_visibility'])
        .where('id', 'in', [...new Set(userIds)])
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** Rooms whose archive anyone may read and search engines may index, with their newest message. */
    async indexedRooms(): Promise<Array<{ id: string; repo_full_name: string; last_activity_at: string }>> {
      return db
        .selectFrom('chat_rooms')
        .select(['id', 'repo_full_name', 'last_activity_at'])
        .where('archive_access', '=', 'anyone')
        .where('archive_indexing', '=', 'indexed')
        .orderBy('repo_key')
        .execute();
    },
  };
}
