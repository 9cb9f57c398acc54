import type { Kysely } from 'kysely';

/**
 * Protection from spam (docs/PRODUCT.md §20): four settings per room, and the messages held for a
 * moderator's approval. A held message is not a message of the room until it is approved: it lives
 * in `held_messages` (never read by pages, search, unread counts or mentions), keeps the id and
 * time it was written with, and is moved into `messages` by its approval.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  /** Days a GitHub account must exist before posting (0 = off). */
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('new_account_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** How many first messages of a member who joined less than a week ago are held (0 = off). */
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('first_messages_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** 1: a newcomer's message with a link is held. */
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('newcomer_links_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** 1: only moderators post. */
  await db.schema
    .alterTable('chat_rooms')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('held_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('reply_to_id', 'text')
    .addColumn('thread_root_id', 'text')
    .addColumn('in_room', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** Why it was held: first_messages, links, duplicate. */
    .addColumn('reason', 'text', (c) => c.notNull())
    /** pending or rejected (an approved one leaves the table for `messages`). */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_at', 'text')
    .addUniqueConstraint('held_messages_user_client_key', ['user_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('held_messages_room_idx')
    .on('held_messages')
    .columns(['room_id', 'status', 'created_at'])
    .execute();
  // The same text sent to several rooms: one user's recent messages, by time.
  await db.schema.createIndex('messages_user_time_idx').on('messages').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('held_messages_user_time_idx')
    .on('held_messages')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_user_time_idx').execute();
  await db.schema.dropTable('held_messages').execute();
  for (const column of ['locked', 'newcomer_links_held', 'first_messages_held', 'new_account_days']) {
    await db.schema.alterTable('chat_rooms').dropColumn(column).execute();
  }
}
