import type { Kysely } from 'kysely';

/**
 * GitHub references of messages (#123, owner/repo#123, issue and pull request addresses): what
 * they resolved to (title, state) as one JSON array per message, and when GitHub was last asked,
 * so a page served after the cache lifetime reads them again. Gone with the message.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_references')
    .addColumn('message_id', 'text', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('refs', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_references').execute();
}
