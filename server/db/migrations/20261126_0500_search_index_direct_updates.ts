import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine-of';

/**
 * PostgreSQL: new messages go straight into the search index's word lists. By default a GIN index
 * collects new entries in an unsorted pending list (up to 4 MB) that every search reads in full
 * until a vacuum merges it, so a busy site's searches paid for the latest few thousand messages
 * on every query (a rare word in a million-message room: about 3 ms of its 6). The pending list is
 * merged once here; each send then pays a few index insertions instead. SQLite: nothing to do.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`alter index messages_content_search_idx set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('messages_content_search_idx')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`alter index messages_content_search_idx reset (fastupdate)`.execute(db);
}
