import type { Kysely } from 'kysely';

/**
 * Moderators. A member's role comes from GitHub (admin or maintain access to the room's
 * repository, or owning it) and is kept on the membership row with the time it was last read,
 * so a room can show its maintainers without asking GitHub and re-read a role once it is stale.
 * An empty role_checked_at means never read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_members')
    .addColumn('moderator', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('chat_members')
    .addColumn('role_checked_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_members').dropColumn('role_checked_at').execute();
  await db.schema.alterTable('chat_members').dropColumn('moderator').execute();
}
