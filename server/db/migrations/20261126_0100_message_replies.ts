import type { Kysely } from 'kysely';

/**
 * Replies: a message may answer an earlier message of its room. The relation outlives the
 * original's text (a deleted original is still the one replied to, shown as deleted); the index
 * finds a message's replies when its text changes or goes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign key (as for removed_by): SQLite cannot drop a column that has one, and a message
  // leaves the table only with its room, replies included.
  await db.schema.alterTable('messages').addColumn('reply_to_id', 'text').execute();
  await db.schema.createIndex('messages_reply_to_idx').on('messages').column('reply_to_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_reply_to_idx').execute();
  await db.schema.alterTable('messages').dropColumn('reply_to_id').execute();
}
