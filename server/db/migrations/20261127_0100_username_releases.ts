import type { Kysely } from 'kysely';

/**
 * Released usernames. A username its owner changed away from (or cleared) stays theirs for a
 * while, so nobody can pick it up right after a rename and be taken for them: one row per name
 * (lower-cased), with its previous owner and when it was released.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('username_releases')
    .addColumn('username_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('released_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('username_releases_released_at_idx')
    .on('username_releases')
    .column('released_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('username_releases').execute();
}
