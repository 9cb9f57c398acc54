import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';
import type { Database, MessageRow } from '../schema';

type Db = Kysely<Database>;

/** Messages read by id in one statement at most (a long backlog reads in several). */
const MESSAGES_PER_READ = 500;

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

    /** Cursor rows for rooms that may not have one yet (a room's first batch). */
    async createCursors(roomIds: string[]): Promise<void> {
      if (roomIds.length === 0) return;
      await db
        .insertInto('post_commit_cursors')
        .values(roomIds.map((roomId) => ({ room_id: roomId, applied_seq: 0 })))
        .onConflict((oc) => oc.column('room_id').doNothing())
        .execute();
    },

    /**
     * The rooms' cursors, locked for this transaction (PostgreSQL: row locks another process's
     * batch skips instead of waiting for; SQLite has one writer). A room another transaction
     * holds, or without a cursor row, is missing from the answer.
     */
    async lockCursors(roomIds: string[]): Promise<Map<string, number>> {
      const cursors = new Map<string, number>();
      if (roomIds.length === 0) return cursors;
      const { rows } = await sql<{ room_id: string; applied_seq: number | string }>`
        select room_id, applied_seq from post_commit_cursors where room_id in (${sql.join(roomIds)})
        order by room_id ${postgres ? sql`for update skip locked` : sql``}`.execute(db);
      for (const row of rows) cursors.set(row.room_id, Number(row.applied_seq));
      return cursors;
    },

    /** Moves each room's cursor to the sequence its batch applied up to, in one statement. */
    async moveCursors(applied: ReadonlyMap<string, number>): Promise<void> {
      if (applied.size === 0) return;
      const entries = [...applied];
      await sql`update post_commit_cursors set applied_seq = case room_id
        ${sql.join(
          entries.map(([roomId, seq]) => sql`when ${roomId} then cast(${seq} as bigint)`),
          sql` `,
        )} end
        where room_id in (${sql.join(entries.map(([roomId]) => roomId))})`.execute(db);
    },

    /**
     * Each room's events after its cursor (at most `limit` a room: the sequence has no gaps), in
     * order, with every message.created event's message as it is now; rooms with none are left out.
     */
    async eventsAfter(
      cursors: ReadonlyMap<string, number>,
      limit: number,
    ): Promise<Map<string, { lastSeq: number; created: CreatedMessageEvent[] }>> {
      const byRoom = new Map<string, { lastSeq: number; created: CreatedMessageEvent[] }>();
      if (cursors.size === 0) return byRoom;
      const { rows } = await sql<{ room_id: string; seq: number | string; type: string; message_id: string | null }>`
        select e.room_id, e.seq, e.type, e.message_id from room_events e
        join post_commit_cursors c on c.room_id = e.room_id
        where e.room_id in (${sql.join([...cursors.keys()])})
          and e.seq > c.applied_seq and e.seq <= c.applied_seq + ${limit}
        order by e.room_id, e.seq`.execute(db);
      const createdIds = rows
        .filter((row) => row.type === 'message.created' && row.message_id !== null)
        .map((row) => row.message_id as string);
      const messages = new Map<string, MessageRow & { row_number: number }>();
      const rowNumber = postgres ? sql`0` : sql`m.rowid`;
      for (let start = 0; start < createdIds.length; start += MESSAGES_PER_READ) {
        const found = await sql<MessageRow & { row_number: number }>`
          select m.*, ${rowNumber} as row_number from messages m
          where m.id in (${sql.join(createdIds.slice(start, start + MESSAGES_PER_READ))})`.execute(db);
        for (const message of found.rows) messages.set(message.id, message);
      }
      for (const row of rows) {
        const room = byRoom.get(row.room_id) ?? { lastSeq: 0, created: [] };
        room.lastSeq = Number(row.seq);
        if (row.type === 'message.created' && row.message_id !== null) {
          room.created.push({ seq: Number(row.seq), message: messages.get(row.message_id) });
        }
        byRoom.set(row.room_id, room);
      }
      return byRoom;
    },

    /**
     * SQLite: the messages' entries in the full-text index, replaced by their texts as they are
     * now (deleting by rowid first makes a second application leave one entry), in two
     * statements for the batch. PostgreSQL's index is on the messages table itself.
     */
    async indexForSearch(messages: Array<{ row_number: number; content: string; room_id: string }>): Promise<void> {
      if (postgres || messages.length === 0) return;
      const entries = JSON.stringify(
        messages.map((message) => [message.row_number, message.content, `r${message.room_id.replaceAll('-', '')}`]),
      );
      await sql`delete from messages_fts where rowid in (select value ->> 0 from json_each(${entries}))`.execute(db);
      await sql`insert into messages_fts (rowid, content, room)
        select value ->> 0, value ->> 1, value ->> 2 from json_each(${entries})`.execute(db);
    },
  };
}
