import type { Kysely } from 'kysely';

/**
 * A room's public archive, as its moderators set it: who may read it without joining
 * ('anyone' or 'members') and whether search engines may index it ('indexed' or 'hidden').
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('archive_access', 'text', (c) => c.notNull().defaultTo('anyone'))
    .execute();
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('archive_indexing', 'text', (c) => c.notNull().defaultTo('indexed'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_rooms').dropColumn('archive_indexing').execute();
  await db.schema.alterTable('chat_rooms').dropColumn('archive_access').execute();
}
