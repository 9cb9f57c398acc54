import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';
import type { Database } from '../schema';
import { searchWordsOf } from '../search-words';

/**
 * SQLite: the words of the full-text index, one row each (`message_search_terms`, see migration
 * 20261126_0400_message_search_terms), so that `word*` expands to the words it begins by walking a
 * primary key. Kept by the messages repository in the transaction of every write: a new text adds
 * its words, and a replaced or deleted one takes away those no message holds any more (the words
 * of a deleted message do not stay in the database file). PostgreSQL needs none of it: every
 * method does nothing there.
 */
export function searchTermsRepository(db: Kysely<Database>) {
  const sqlite = engineOf(db) === 'sqlite';
  return {
    /** The words of these texts (one statement for them all). */
    async add(...texts: string[]): Promise<void> {
      if (!sqlite) return;
      const words = [...new Set(texts.flatMap((text) => searchWordsOf(text)))];
      if (words.length === 0) return;
      await sql`insert or ignore into message_search_terms (term)
        select value from json_each(${JSON.stringify(words)})`.execute(db);
    },

    /** After a text was replaced or emptied (the FTS5 triggers have run): its words no message holds any more. */
    async prune(text: string): Promise<void> {
      if (!sqlite) return;
      const words = searchWordsOf(text);
      if (words.length === 0) return;
      await sql`delete from message_search_terms
        where term in (select value from json_each(${JSON.stringify(words)}))
          and not exists (
            select 1 from messages_fts
            where messages_fts match '{content} : "' || replace(message_search_terms.term, '"', '""') || '"')`.execute(
        db,
      );
    },

    /** The indexed words `prefix` begins, in order: at most `limit`. */
    async beginningWith(prefix: string, limit: number): Promise<string[]> {
      const rows = await sql<{ term: string }>`
        select term from message_search_terms where term >= ${prefix} and term < ${`${prefix}\u{10FFFF}`}
        order by term limit ${limit}`.execute(db);
      return rows.rows.map((row) => row.term);
    },
  };
}
