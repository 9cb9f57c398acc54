import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';

/**
 * SQLite: the words of the messages' full-text index, one row each, so that a `word*` search
 * finds the words it begins in a primary key (FTS5's vocabulary table counts every occurrence of
 * each word it lists: a prefix of a word found in a million messages cost tens of milliseconds).
 * Filled from the index as it is; the messages repository keeps it from then on. PostgreSQL's
 * prefix search uses its GIN index and needs nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`create table message_search_terms (term text primary key) without rowid`.execute(db);
  await sql`insert into message_search_terms (term) select term from messages_fts_vocab`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`drop table message_search_terms`.execute(db);
}
