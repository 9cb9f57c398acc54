import { sql, type Kysely } from 'kysely';
import { engineOf } from '../db/engine-of';
import type { Database } from '../db/schema';

/**
 * Messages written straight into the table (seeded rooms of tests and benchmarks) pass neither the
 * room's log nor the work after commit: on SQLite this indexes a room's messages for search and
 * fills the search vocabulary, as the batches after each send do. PostgreSQL's index follows the
 * table by itself.
 */
export async function indexRoomForSearch(db: Kysely<Database>, roomId: string): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`delete from messages_fts where rowid in (select rowid from messages where room_id = ${roomId})`.execute(db);
  await sql`insert into messages_fts (rowid, content, room)
    select rowid, content, 'r' || replace(room_id, '-', '') from messages where room_id = ${roomId}`.execute(db);
  await sql`insert or ignore into message_search_terms (term)
    select term from messages_fts_vocab where col = 'content'`.execute(db);
}
