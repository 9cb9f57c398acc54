import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';
import type { Database, MessageRow } from '../schema';

type Db = Kysely<Database>;

/** A message.created event waiting for its after-commit work, with its message as it is now. */
export interface CreatedMessageEvent {
  seq: number;
  message: (MessageRow & { row_number: number }) | undefined;
}

/** Where after-commit work stands per room (post_commit_cursors) and what it still has to do. */
export function postCommitRepository(db: Db) {
  const postgres = engineOf(db) === 'postgres';
  return {
    /** Rooms whose log holds events past their cursor (a room without a cursor starts at 0). */
    async roomsBehind(limit: number): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`
        select r.id from chat_rooms r left join post_commit_cursors c on c.room_id = r.id
        where r.last_seq > coalesce(c.applied_seq, 0) order by r.id limit ${limit}`.execute(db);
      return rows.map((row) => row.id);
    },

    /**
     * The room's cursor, locked for this transaction (PostgreSQL: a row lock another process's
     * batch skips instead of waiting for; SQLite has one writer). Undefined when another
     * transaction holds it. `createIfMissing` false: the caller knows the row exists.
     */
    async lockCursor(roomId: string, createIfMissing = true): Promise<number | undefined> {
      if (createIfMissing) {
        await db
          .insertInto('post_commit_cursors')
          .values({ room_id: roomId, applied_seq: 0 })
          .onConflict((oc) => oc.column('room_id').doNothing())
          .execute();
      }
      const { rows } = await sql<{ applied_seq: number | string }>`
        select applied_seq from post_commit_cursors where room_id = ${roomId}
        ${postgres ? sql`for update skip locked` : sql``}`.execute(db);
      return rows[0] === undefined ? undefined : Number(rows[0].applied_seq);
    },

    async moveCursor(roomId: string, appliedSeq: number): Promise<void> {
      await db
        .updateTable('post_commit_cursors')
        .set({ applied_seq: appliedSeq })
        .where('room_id', '=', roomId)
        .execute();
    },

    /** The room's events after `afterSeq` (at most `limit`), in order; message.created ones with their message. */
    async eventsAfter(
      roomId: string,
      afterSeq: number,
      limit: number,
    ): Promise<{ lastSeq: number | undefined; created: CreatedMessageEvent[] }> {
      const rowNumber = postgres ? sql`0` : sql`m.rowid`;
      const { rows } = await sql<{ seq: number | string; type: string; message_id: string | null; row_number: number }>`
        select e.seq, e.type, e.message_id from room_events e
        where e.room_id = ${roomId} and e.seq > ${afterSeq} order by e.seq limit ${limit}`.execute(db);
      const createdIds = rows
        .filter((row) => row.type === 'message.created' && row.message_id !== null)
        .map((row) => row.message_id as string);
      const messages = new Map<string, MessageRow & { row_number: number }>();
      if (createdIds.length > 0) {
        const found = await sql<MessageRow & { row_number: number }>`
          select m.*, ${rowNumber} as row_number from messages m
          where m.id in (${sql.join(createdIds)})`.execute(db);
        for (const message of found.rows) messages.set(message.id, message);
      }
      const last = rows[rows.length - 1];
      return {
        lastSeq: last === undefined ? undefined : Number(last.seq),
        created: rows
          .filter((row) => row.type === 'message.created' && row.message_id !== null)
          .map((row) => ({ seq: Number(row.seq), message: messages.get(row.message_id as string) })),
      };
    },

    /**
     * SQLite: the message's entry in the full-text index, replaced by its text as it is now
     * (deleting by rowid first makes a second application leave one entry). PostgreSQL's index
     * is on the messages table itself.
     */
    async indexForSearch(message: { row_number: number; content: string; room_id: string }): Promise<void> {
      if (postgres) return;
      await sql`delete from messages_fts where rowid = ${message.row_number}`.execute(db);
      await sql`insert into messages_fts (rowid, content, room)
        values (${message.row_number}, ${message.content}, ${`r${message.room_id.replaceAll('-', '')}`})`.execute(db);
    },
  };
}
