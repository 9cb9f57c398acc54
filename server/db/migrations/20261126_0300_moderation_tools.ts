import type { Kysely } from 'kysely';

/**
 * The moderation log (who did what to whom and when, one row per moderation action, written with
 * the action), members' reports of messages (one per member and message, open until a moderator
 * dismisses them or removes the message) and the people each user ignores (private to that user).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'text', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('message_id', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_log_room_idx')
    .on('moderation_log')
    .columns(['room_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('message_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('resolution', 'text')
    .addUniqueConstraint('message_reports_message_reporter_key', ['message_id', 'reporter_id'])
    .execute();
  await db.schema
    .createIndex('message_reports_open_idx')
    .on('message_reports')
    .columns(['room_id', 'resolved_at', 'message_id'])
    .execute();

  await db.schema
    .createTable('user_ignores')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('ignored_user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_ignores_pkey', ['user_id', 'ignored_user_id'])
    .execute();
  // Who ignores an author (mentions by that author are not recorded for them).
  await db.schema.createIndex('user_ignores_ignored_idx').on('user_ignores').column('ignored_user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_ignores').execute();
  await db.schema.dropTable('message_reports').execute();
  await db.schema.dropTable('moderation_log').execute();
}
