import type { Kysely } from 'kysely';

/**
 * Pinned messages: a moderator pins messages of a room (at most 50), listed behind the room's
 * "Pinned" button. A deleted or removed message drops out of the list with its text.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pinned_messages')
    .addColumn('message_id', 'text', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('pinned_by', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('pinned_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pinned_messages_room_idx')
    .on('pinned_messages')
    .columns(['room_id', 'pinned_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pinned_messages').execute();
}
