import type { Kysely } from 'kysely';

/**
 * Mutes. A moderator mutes a member of a room for a while: until `muted_until` (ISO time) they
 * cannot post, react or edit there. It lives on the membership row, which outlives leaving and
 * rejoining, so leaving does not shake a mute off. Null: not muted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_members').addColumn('muted_until', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_members').dropColumn('muted_until').execute();
}
