import type { Kysely } from 'kysely';

/**
 * Slow mode: the least time, in seconds, between one member's messages in a room (0 = off). Set
 * by the room's moderators, who are exempt from it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('slow_mode_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // "A member's newest message in this room" answers the slow-mode check by one index lookup.
  await db.schema
    .createIndex('messages_room_user_time_idx')
    .on('messages')
    .columns(['room_id', 'user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_room_user_time_idx').execute();
  await db.schema.alterTable('chat_rooms').dropColumn('slow_mode_seconds').execute();
}
