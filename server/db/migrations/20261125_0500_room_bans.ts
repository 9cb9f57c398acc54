import type { Kysely } from 'kysely';

/**
 * Bans. A moderator bans someone from a room: their membership ends and they cannot join again
 * until a moderator lifts the ban. One row per room and person, with who banned them and when
 * (the room's "Banned" list).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('room_bans')
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('banned_by', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_bans_pkey', ['room_id', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_bans').execute();
}
