import type { Kysely } from 'kysely';

/**
 * The repository's activity in its room: which kinds a room shows (moderators choose; releases
 * and merged pull requests by default, '' is Off), and where polling each repository's events
 * stands (its ETag, the newest event seen, the interval GitHub asked for), shared by every process.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('activity_kinds', 'text', (c) => c.notNull().defaultTo('release,merge'))
    .execute();
  await db.schema
    .createTable('repository_activity_polls')
    .addColumn('repo_key', 'text', (c) => c.primaryKey())
    .addColumn('etag', 'text')
    .addColumn('last_event_id', 'text')
    .addColumn('poll_interval_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('polled_at', 'text', (c) => c.notNull())
    .execute();
  // A room page reads its newest activity rows without walking the whole log.
  await db.schema
    .createIndex('room_events_room_type_seq_idx')
    .on('room_events')
    .columns(['room_id', 'type', 'seq'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('room_events_room_type_seq_idx').execute();
  await db.schema.dropTable('repository_activity_polls').execute();
  await db.schema.alterTable('chat_rooms').dropColumn('activity_kinds').execute();
}
