import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';
import { preparedQuery } from '../prepared-query';
import { insertNewMessage } from './message-insert.query';
import { searchTermsRepository } from './search-terms.repository';
import type { Database, MessageRow } from '../schema';

type Db = Kysely<Database>;

export interface AuthorRow {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  github_username: string | null;
}

/** What a reply's quote needs of the message it replies to. */
export interface QuotedRow {
  id: string;
  room_id: string;
  user_id: string;
  content: string;
  deleted_at: string | null;
}

/** A position in a room's history: messages strictly before it are older. */
export interface MessageCursor {
  created_at: string;
  id: string;
}

/** Messages and their authors (db may be a transaction). */
export function messagesRepository(db: Db) {
  return {
    async insertIfAbsent(message: MessageRow): Promise<boolean> {
      const inserted = await insertNewMessage.first(
        db,
        message.id,
        message.room_id,
        message.user_id,
        message.client_id,
        message.content,
        message.created_at,
        message.edited_at,
        message.reply_to_id,
        message.thread_root_id,
        Boolean(message.in_room),
      );
      // Its search words are indexed after the commit (services/post-commit/).
      return inserted !== undefined;
    },

    /** The messages replied to (tombstones included, as their quotes show them deleted), by id. */
    async findQuoted(messageIds: string[]): Promise<Map<string, QuotedRow>> {
      const ids = [...new Set(messageIds)];
      const result = new Map<string, QuotedRow>();
      if (ids.length === 0) return result;
      const rows = await db
        .selectFrom('messages')
        .select(['id', 'room_id', 'user_id', 'content', 'deleted_at'])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) result.set(row.id, row);
      return result;
    },

    /** The replies to a message (not deleted ones), whose quotes follow its text. */
    async listReplies(messageId: string): Promise<MessageRow[]> {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('reply_to_id', '=', messageId)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** When the user last wrote in the room (ISO), deleted messages included; undefined when never. */
    async lastSentAt(roomId: string, userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('messages')
        .select('created_at')
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },

    async findByClientId(userId: string, clientId: string): Promise<MessageRow | undefined> {
      return messageByClientId.first(db, userId, clientId);
    },

    /** A message that can still be edited, reacted to or deleted (tombstones are not found). */
    async findById(messageId: string): Promise<MessageRow | undefined> {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', messageId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * One page of a room's history, newest first (callers reverse it). Walks the
     * (room_id, created_at, id) index from the cursor, so the cost does not depend on the room's size.
     * The room's last sequence number comes from the same statement (one snapshot).
     */
    async listBefore(roomId: string, before: MessageCursor | null, limit: number): Promise<PageRows> {
      return pageRows(
        before
          ? await pageBefore.all(db, roomId, before.created_at, before.id, limit)
          : await newestPage.all(db, roomId, limit),
      );
    },

    /**
     * One page of a room's history after a position, oldest first: the way down from a linked or
     * first unread message towards the newest. Walks the same index as `listMessagesBefore`.
     */
    async listAfter(roomId: string, after: MessageCursor, limit: number): Promise<PageRows> {
      return pageRows(await pageAfter.all(db, roomId, after.created_at, after.id, limit));
    },

    /**
     * A message of a room (tombstones included) with up to `olderCount` messages before it and
     * `newerCount` after it, oldest first, and the room's last sequence number: one statement, one
     * snapshot. Undefined when the room has no such message.
     */
    async listAround(
      roomId: string,
      messageId: string,
      olderCount: number,
      newerCount: number,
    ): Promise<{ older: MessageRow[]; target: MessageRow; newer: MessageRow[]; lastSeq: number } | undefined> {
      // Each side walks the (room_id, created_at, id) index from the message, as the pages before
      // and after a cursor do.
      // The message's time is read once (a scalar subquery) and bounds each side's index walk.
      const at = sql`(select t.created_at from messages t where t.room_id = ${roomId} and t.id = ${messageId})`;
      const { rows } = await sql<RowWithSeq & { part: number }>`
        select w.*, (select r.last_seq from chat_rooms r where r.id = ${roomId}) as room_last_seq
          from (
            select t.*, 0 as part from messages t where t.room_id = ${roomId} and t.id = ${messageId}
            union all
            select * from (
              select b.*, 1 as part from messages b
               where b.room_id = ${roomId} and b.in_room = ${true} and (b.created_at, b.id) < (${at}, ${messageId})
               order by b.created_at desc, b.id desc limit ${olderCount}) older
            union all
            select * from (
              select a.*, 2 as part from messages a
               where a.room_id = ${roomId} and a.in_room = ${true} and (a.created_at, a.id) > (${at}, ${messageId})
               order by a.created_at asc, a.id asc limit ${newerCount}) newer
          ) w
         order by w.created_at, w.id`.execute(db);
      const older: MessageRow[] = [];
      const newer: MessageRow[] = [];
      let target: MessageRow | undefined;
      let lastSeq: number | undefined;
      for (const { part, room_last_seq: seq, ...row } of rows) {
        lastSeq = seq === null ? undefined : Number(seq);
        if (Number(part) === 0) target = row;
        else if (Number(part) === 1) older.push(row);
        else newer.push(row);
      }
      return target && lastSeq !== undefined ? { older, target, newer, lastSeq } : undefined;
    },

    /** A message of a room by id, tombstones included (a link to a deleted message still has a place). */
    async findInRoom(roomId: string, messageId: string): Promise<MessageRow | undefined> {
      return pageRows(await roomMessage.all(db, roomId, messageId)).rows[0];
    },

    /** Replaces the content of the author's own message; undefined when it is not theirs or gone. */
    async updateOwn(
      messageId: string,
      authorId: string,
      content: string,
      editedAt: string,
    ): Promise<MessageRow | undefined> {
      const before = await textBeforeChange(db, messageId);
      const updated = await db
        .updateTable('messages')
        .set({ content, edited_at: editedAt })
        .where('id', '=', messageId)
        .where('user_id', '=', authorId)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (updated && before !== undefined) {
        await searchTermsRepository(db).prune(before);
        await searchTermsRepository(db).add(content);
      }
      return updated;
    },

    /**
     * Turns the author's own message into a tombstone: its text is emptied (the deleted words are
     * never served again), its reactions are removed and `deleted_at` is set, so history keeps a
     * "deleted" row in its place. False when it is not theirs, gone or already deleted.
     */
    async deleteOwn(messageId: string, authorId: string, deletedAt: string): Promise<boolean> {
      const before = await textBeforeChange(db, messageId);
      const result = await db
        .updateTable('messages')
        .set({ content: '', deleted_at: deletedAt })
        .where('id', '=', messageId)
        .where('user_id', '=', authorId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db.deleteFrom('message_reactions').where('message_id', '=', messageId).execute();
      if (before !== undefined) await searchTermsRepository(db).prune(before);
      return true;
    },

    /**
     * A moderator's removal: the same tombstone as a deletion (text emptied, reactions gone), with
     * who removed it. False when the message was already deleted.
     */
    async removeByModerator(messageId: string, moderatorId: string, removedAt: string): Promise<boolean> {
      const before = await textBeforeChange(db, messageId);
      const result = await db
        .updateTable('messages')
        .set({ content: '', deleted_at: removedAt, removed_by: moderatorId })
        .where('id', '=', messageId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db.deleteFrom('message_reactions').where('message_id', '=', messageId).execute();
      if (before !== undefined) await searchTermsRepository(db).prune(before);
      return true;
    },

    /**
     * The room's last sequence number with the public fields of these people, in one statement:
     * what a remembered page needs to know that it is still the page (see room-page-cache.ts).
     * Undefined when the room is gone; people without a profile are missing from the map.
     */
    async readSeqWithPeople(
      roomId: string,
      userIds: readonly string[],
    ): Promise<{ lastSeq: number; people: Map<string, AuthorRow> } | undefined> {
      // One statement text whatever the number of people: an array parameter (PostgreSQL) or a
      // JSON array (SQLite), so the statement is prepared once.
      const ids =
        engineOf(db) === 'postgres'
          ? sql`p.id = any(${[...userIds]}::text[])`
          : sql`p.id in (select value from json_each(${JSON.stringify(userIds)}))`;
      const { rows } = await sql<{
        room_last_seq: number;
        id: string | null;
        username: string | null;
        display_name: string | null;
        avatar_url: string | null;
        github_username: string | null;
      }>`select r.last_seq as room_last_seq, p.id, p.username, p.display_name, p.avatar_url, p.github_username
           from chat_rooms r left join profiles p on ${ids}
          where r.id = ${roomId}`.execute(db);
      const first = rows[0];
      if (!first) return undefined;
      const people = new Map<string, AuthorRow>();
      for (const row of rows) {
        if (row.id !== null) {
          people.set(row.id, {
            id: row.id,
            username: row.username,
            display_name: row.display_name,
            avatar_url: row.avatar_url,
            github_username: row.github_username,
          });
        }
      }
      return { lastSeq: Number(first.room_last_seq), people };
    },

    /** Public profile fields of one author. */
    async findAuthor(userId: string): Promise<AuthorRow | undefined> {
      return authorById.first(db, userId);
    },

    /** Public profile fields of message authors and members. */
    async findAuthors(userIds: string[]): Promise<Map<string, AuthorRow>> {
      const ids = [...new Set(userIds)];
      const result = new Map<string, AuthorRow>();
      if (ids.length === 0) return result;
      const rows = await db
        .selectFrom('profiles')
        .select(['id', 'username', 'display_name', 'avatar_url', 'github_username'])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) result.set(row.id, row);
      return result;
    },
  };
}

const messageByClientId = preparedQuery(2, (db, userId: string, clientId: string) =>
  db.selectFrom('messages').selectAll().where('user_id', '=', userId).where('client_id', '=', clientId),
);

/** Rows of a history page, and where the room's event log stood when they were read. */
export interface PageRows {
  rows: MessageRow[];
  /** The room's last sequence number as of the same statement; undefined when no row came back. */
  lastSeq: number | undefined;
}

/** `room_last_seq` is null only when the room is gone, and then no message row comes back. */
type RowWithSeq = MessageRow & { room_last_seq: number | string | null };

function pageRows(found: RowWithSeq[]): PageRows {
  const first = found[0];
  return {
    rows: found.map(({ room_last_seq: _seq, ...row }) => row),
    lastSeq: first && first.room_last_seq !== null ? Number(first.room_last_seq) : undefined,
  };
}

/**
 * History pages are read by every room opening: built and compiled once per dialect. Each row
 * carries the room's last_seq, so a page and the sequence a subscription resumes from come from one
 * snapshot in one statement. It is a scalar subquery (run once per statement by its primary key):
 * as a join, SQLite's planner scanned the rooms table once for every row of the page.
 */
const pageSelect = (db: Kysely<Database>, roomId: string) =>
  db
    .selectFrom('messages')
    .selectAll('messages')
    .select((eb) =>
      eb.selectFrom('chat_rooms').select('chat_rooms.last_seq').where('chat_rooms.id', '=', roomId).as('room_last_seq'),
    )
    .where('messages.room_id', '=', roomId)
    // A thread reply not also sent to the room shows in its thread only.
    .where('messages.in_room', '=', true);
const newestPage = preparedQuery(2, (db, roomId: string, limit: number) =>
  pageSelect(db, roomId).orderBy('messages.created_at', 'desc').orderBy('messages.id', 'desc').limit(limit),
);
const pageBefore = preparedQuery(4, (db, roomId: string, createdAt: string, id: string, limit: number) =>
  pageSelect(db, roomId)
    .where((eb) => eb(eb.refTuple('messages.created_at', 'messages.id'), '<', eb.tuple(createdAt, id)))
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(limit),
);
const pageAfter = preparedQuery(4, (db, roomId: string, createdAt: string, id: string, limit: number) =>
  pageSelect(db, roomId)
    .where((eb) => eb(eb.refTuple('messages.created_at', 'messages.id'), '>', eb.tuple(createdAt, id)))
    .orderBy('messages.created_at', 'asc')
    .orderBy('messages.id', 'asc')
    .limit(limit),
);
const roomMessage = preparedQuery(2, (db, roomId: string, messageId: string) =>
  pageSelect(db, roomId).where('messages.id', '=', messageId),
);

const authorById = preparedQuery(1, (db, userId: string) =>
  db
    .selectFrom('profiles')
    .select(['id', 'username', 'display_name', 'avatar_url', 'github_username'])
    .where('id', '=', userId),
);

/**
 * SQLite: a message's text before a change replaces or empties it, whose words may then leave the
 * search vocabulary (see search-terms.repository.ts). PostgreSQL keeps no vocabulary: undefined.
 */
async function textBeforeChange(db: Db, messageId: string): Promise<string | undefined> {
  if (engineOf(db) !== 'sqlite') return undefined;
  const row = await db.selectFrom('messages').select('content').where('id', '=', messageId).executeTakeFirst();
  return row?.content;
}
