import type { Kysely } from 'kysely';

/**
 * Messages removed by a moderator. Removal is a deletion (the row stays as a tombstone with its
 * text emptied) that also records who removed it, so everyone sees "Message removed by a
 * moderator" in its place and the moderation log can say who did it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('removed_by', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('removed_by').execute();
}
