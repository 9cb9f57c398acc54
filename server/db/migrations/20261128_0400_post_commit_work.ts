import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';

/**
 * Work derived from committed room events (search words, the sender's read position, mentions) is
 * applied in batches after the send's commit (services/post-commit/). `post_commit_cursors` keeps,
 * per room, the last event sequence whose work is applied, in the batch's own transaction: after a
 * crash the work resumes from the event log. Rooms existing now are applied up to their last event.
 *
 * SQLite: the full-text index no longer follows inserts by trigger (the batch indexes new
 * messages). It keeps its own copy of each indexed text, so its rows can be deleted by rowid alone:
 * an edit, a deletion and the batch each replace a message's entry without knowing what was indexed
 * before (indexing a message twice leaves one entry), and secure-delete can still remove every
 * token of a deleted or replaced text (a contentless table only marks such rows deleted and keeps
 * their words in the file). Edits and deletions still update it at once through triggers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_commit_cursors')
    .addColumn('room_id', 'text', (col) => col.primaryKey())
    .addColumn('applied_seq', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into post_commit_cursors (room_id, applied_seq) select id, last_seq from chat_rooms`.execute(db);
  // Most messages answer nothing and belong to no thread: these indexes hold only those that do,
  // so a plain send writes no page of them (every query reads them by equality, which implies
  // "not null" and lets both databases use a partial index).
  await sql`drop index messages_reply_to_idx`.execute(db);
  await sql`create index messages_reply_to_idx on messages (reply_to_id) where reply_to_id is not null`.execute(db);
  await sql`drop index messages_thread_idx`.execute(db);
  await sql`create index messages_thread_idx on messages (thread_root_id, created_at, id)
    where thread_root_id is not null`.execute(db);
  if (engineOf(db) !== 'sqlite') return;
  await sql`drop trigger messages_fts_after_update`.execute(db);
  await sql`drop trigger messages_fts_after_delete`.execute(db);
  await sql`drop trigger messages_fts_after_insert`.execute(db);
  await sql`drop table messages_fts_vocab`.execute(db);
  await sql`drop table messages_fts`.execute(db);
  await sql`drop view messages_search_source`.execute(db);
  await sql`create virtual table messages_fts using fts5(
    content, room, tokenize='unicode61 remove_diacritics 0'
  )`.execute(db);
  await sql`insert into messages_fts (messages_fts, rank) values ('secure-delete', 1)`.execute(db);
  await sql`create virtual table messages_fts_vocab using fts5vocab(messages_fts, 'col')`.execute(db);
  await sql`insert into messages_fts (rowid, content, room)
    select rowid, content, 'r' || replace(room_id, '-', '') from messages`.execute(db);
  await sql`create trigger messages_fts_after_delete after delete on messages begin
    delete from messages_fts where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger messages_fts_after_update after update of content, room_id on messages begin
    delete from messages_fts where rowid = old.rowid;
    insert into messages_fts (rowid, content, room) values (new.rowid, new.content, 'r' || replace(new.room_id, '-', ''));
  end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_commit_cursors').execute();
  await sql`drop index messages_reply_to_idx`.execute(db);
  await sql`create index messages_reply_to_idx on messages (reply_to_id)`.execute(db);
  await sql`drop index messages_thread_idx`.execute(db);
  await sql`create index messages_thread_idx on messages (thread_root_id, created_at, id)`.execute(db);
  if (engineOf(db) !== 'sqlite') return;
  await sql`drop trigger messages_fts_after_update`.execute(db);
  await sql`drop trigger messages_fts_after_delete`.execute(db);
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
