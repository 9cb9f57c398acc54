import type { Kysely } from 'kysely';

/**
 * Read positions and mentions. A member's read position is a place in the room's message order,
 * (created_at, message id): every message after it by someone else is unread. It lives on the
 * membership row (no join needed to count), starts at the moment of joining (old history is not
 * "unread") and only moves forward. Members who were already in rooms start as having read
 * everything up to this migration.
 *
 * message_mentions holds who each message mentions (never its author), kept in step with edits
 * and deletes by the messages service, so "unread mentions of me" is an index range per room.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_members')
    .addColumn('read_created_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('chat_members')
    .addColumn('read_message_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.updateTable('chat_members').set({ read_created_at: new Date().toISOString() }).execute();

  await db.schema
    .createTable('message_mentions')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_mentions_pkey', ['message_id', 'user_id'])
    .execute();
  // "My unread mentions in this room": a range after the read position.
  await db.schema
    .createIndex('message_mentions_user_room_time_idx')
    .on('message_mentions')
    .columns(['user_id', 'room_id', 'created_at', 'message_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_mentions').execute();
  await db.schema.alterTable('chat_members').dropColumn('read_message_id').execute();
  await db.schema.alterTable('chat_members').dropColumn('read_created_at').execute();
}
