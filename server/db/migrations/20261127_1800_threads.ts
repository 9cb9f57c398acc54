import type { Kysely } from 'kysely';

/**
 * Threads and answers. A message may be a reply in the thread of an earlier message of its room
 * (`thread_root_id`); a thread reply shows in the room only when sent there too (`in_room`). Each
 * thread keeps its summary (reply count, last reply time, the three latest repliers) and its
 * accepted answer in `threads`, one row per root with replies; `thread_follows` holds who follows
 * which thread and how far they have read it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign key on thread_root_id (as for reply_to_id): a message leaves the table only with its room.
  await db.schema.alterTable('messages').addColumn('thread_root_id', 'text').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('in_room', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createIndex('messages_thread_idx')
    .on('messages')
    .columns(['thread_root_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('threads')
    .addColumn('root_id', 'text', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reply_at', 'text', (c) => c.notNull())
    /** Up to three user ids, the latest replier first, separated by commas. */
    .addColumn('repliers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answer_id', 'text')
    .addColumn('answered_by', 'text', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('threads_room_activity_idx')
    .on('threads')
    .columns(['room_id', 'last_reply_at', 'root_id'])
    .execute();

  await db.schema
    .createTable('thread_follows')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('root_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('following', 'boolean', (c) => c.notNull().defaultTo(true))
    /** The last reply read (time and id); empty when none. */
    .addColumn('read_created_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_message_id', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('thread_follows_pkey', ['user_id', 'root_id'])
    .execute();
  await db.schema.createIndex('thread_follows_root_idx').on('thread_follows').column('root_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('thread_follows').execute();
  await db.schema.dropTable('threads').execute();
  await db.schema.dropIndex('messages_thread_idx').execute();
  await db.schema.alterTable('messages').dropColumn('in_room').execute();
  await db.schema.alterTable('messages').dropColumn('thread_root_id').execute();
}
