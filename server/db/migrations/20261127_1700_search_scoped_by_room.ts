import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';

/**
 * The search index knows each message's room, so a search reads only the rooms its searcher may
 * read: before, a common word walked every match on the site and dropped those of other rooms.
 *
 * SQLite: the FTS5 index gets a second column, `room`: the room's id as one token (`r` and its 32
 * hex digits). Its content is a view of the messages table with that column; the triggers write it.
 * A search matches `{content} : (words) AND room : (r… OR r…)`, which FTS5 answers by stepping both
 * lists together. The vocabulary table lists words per column (the room tokens are not words).
 * PostgreSQL: the GIN index covers the text's vector and the room's token together (the same
 * expression as POSTGRES_SEARCH_VECTOR in message-search.repository.ts), so the index intersects
 * the words with the searcher's rooms.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create index messages_room_search_idx on messages using gin ((
      to_tsvector('simple'::regconfig, translate(content, '/.:@-+_''#~=&?%', '              '))
      || to_tsvector('simple'::regconfig, 'r' || replace(room_id, '-', ''))
    )) with (fastupdate = off)`.execute(db);
    await sql`drop index messages_content_search_idx`.execute(db);
    return;
  }
  await sql`drop trigger messages_fts_after_update`.execute(db);
  await sql`drop trigger messages_fts_after_delete`.execute(db);
  await sql`drop trigger messages_fts_after_insert`.execute(db);
  await sql`drop table messages_fts_vocab`.execute(db);
  await sql`drop table messages_fts`.execute(db);
  await sql`create view messages_search_source as
    select rowid as message_rowid, content, 'r' || replace(room_id, '-', '') as room from messages`.execute(db);
  await sql`create virtual table messages_fts using fts5(
    content, room, content='messages_search_source', content_rowid='message_rowid',
    tokenize='unicode61 remove_diacritics 0'
  )`.execute(db);
  await sql`create virtual table messages_fts_vocab using fts5vocab(messages_fts, 'col')`.execute(db);
  await sql`create trigger messages_fts_after_insert after insert on messages begin
    insert into messages_fts (rowid, content, room) values (new.rowid, new.content, 'r' || replace(new.room_id, '-', ''));
  end`.execute(db);
  await sql`create trigger messages_fts_after_delete after delete on messages begin
    insert into messages_fts (messages_fts, rowid, content, room)
      values ('delete', old.rowid, old.content, 'r' || replace(old.room_id, '-', ''));
  end`.execute(db);
  await sql`create trigger messages_fts_after_update after update of content, room_id on messages begin
    insert into messages_fts (messages_fts, rowid, content, room)
      values ('delete', old.rowid, old.content, 'r' || replace(old.room_id, '-', ''));
    insert into messages_fts (rowid, content, room) values (new.rowid, new.content, 'r' || replace(new.room_id, '-', ''));
  end`.execute(db);
  await sql`insert into messages_fts (messages_fts, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into messages_fts (messages_fts) values ('rebuild')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create index messages_content_search_idx on messages
      using gin (to_tsvector('simple'::regconfig, translate(content, '/.:@-+_''#~=&?%', '              ')))
      with (fastupdate = off)`.execute(db);
    await sql`drop index messages_room_search_idx`.execute(db);
    return;
  }
  await sql`drop trigger messages_fts_after_update`.execute(db);
  await sql`drop trigger messages_fts_after_delete`.execute(db);
  await sql`drop trigger messages_fts_after_insert`.execute(db);
  await sql`drop table messages_fts_vocab`.execute(db);
  await sql`drop table messages_fts`.execute(db);
  await sql`drop view messages_search_source`.execute(db);
  await sql`create virtual table messages_fts using fts5(
    content, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 0'
  )`.execute(db);
  await sql`create virtual table messages_fts_vocab using fts5vocab(messages_fts, 'row')`.execute(db);
  await sql`create trigger messages_fts_after_insert after insert on messages begin
    insert into messages_fts (rowid, content) values (new.rowid, new.content);
  end`.execute(db);
  await sql`create trigger messages_fts_after_delete after delete on messages begin
    insert into messages_fts (messages_fts, rowid, content) values ('delete', old.rowid, old.content);
  end`.execute(db);
  await sql`create trigger messages_fts_after_update after update of content on messages begin
    insert into messages_fts (messages_fts, rowid, content) values ('delete', old.rowid, old.content);
    insert into messages_fts (rowid, content) values (new.rowid, new.content);
  end`.execute(db);
  await sql`insert into messages_fts (messages_fts, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into messages_fts (messages_fts) values ('rebuild')`.execute(db);
}
