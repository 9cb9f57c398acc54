import type { Kysely } from 'kysely';

/** A room's topic: one line under the room header, set by its moderators ('' = none). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('topic', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_rooms').dropColumn('topic').execute();
}
