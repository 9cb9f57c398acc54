import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';

/**
 * Full-text search over messages, kept in step with the text by the database itself, so an edit
 * is found by its new words and a deleted message (its text emptied) by none.
 *
 * SQLite: an FTS5 index whose content is the messages table (no second copy of the text), keyed by
 * the messages' rowid and maintained by triggers. (VACUUM may renumber rowids of a table without an
 * integer primary key; after one, `insert into messages_fts(messages_fts) values ('rebuild')`.)
 * PostgreSQL: a GIN index on the 'simple' text-search vector of the content (no stemming, like the
 * unicode61 tokenizer of FTS5), with punctuation that PostgreSQL's parser would keep inside a token
 * turned into spaces first, queried with the same expression.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    // The same expression as POSTGRES_SEARCH_VECTOR in message-search.repository.ts (queries must
    // repeat it to use the index): URL, host, e-mail and path punctuation become spaces first.
    await sql`create index messages_content_search_idx on messages
      using gin (to_tsvector('simple'::regconfig, translate(content, '/.:@-+_''#~=&?%', '              ')))`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table messages_fts using fts5(
    content, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 0'
  )`.execute(db);
  // The index's words, for turning "word*" into the words it begins (see message-search.repository.ts).
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
  // A deleted or replaced text leaves no words behind in the index (not merely a delete marker).
  await sql`insert into messages_fts (messages_fts, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into messages_fts (messages_fts) values ('rebuild')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop index messages_content_search_idx`.execute(db);
    return;
  }
  await sql`drop trigger messages_fts_after_update`.execute(db);
  await sql`drop trigger messages_fts_after_delete`.execute(db);
  await sql`drop trigger messages_fts_after_insert`.execute(db);
  await sql`drop table messages_fts_vocab`.execute(db);
  await sql`drop table messages_fts`.execute(db);
}
