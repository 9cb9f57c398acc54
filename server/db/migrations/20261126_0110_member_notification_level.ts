import type { Kysely } from 'kysely';

/**
 * How a member wants to hear about a room: 'all' (every message), 'mentions' (the default: only
 * mentions and replies to them) or 'mute' (no unread emphasis; mentions still count).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_members')
    .addColumn('notification_level', 'text', (c) => c.notNull().defaultTo('mentions'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_members').dropColumn('notification_level').execute();
}
