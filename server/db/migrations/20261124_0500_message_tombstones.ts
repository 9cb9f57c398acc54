import type { Kysely } from 'kysely';

/**
 * A deleted message keeps its row (text emptied, reactions removed) with the time it was deleted,
 * so history pages show "This message was deleted" in its place instead of silently closing up.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('deleted_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('deleted_at').execute();
}
