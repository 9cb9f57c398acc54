import type { Kysely } from 'kysely';

/**
 * Files sent with messages. An upload is a row without `message_id` until a message carries it
 * (an hour at most: housekeeping deletes older ones); the bytes live in the file storage under
 * `storage_key` (and an image's thumbnail under `thumbnail_key`), never in the database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    // No foreign key: deleting a message deletes its files first (the storage is not the database).
    .addColumn('message_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_attachments_message_idx')
    .on('message_attachments')
    .columns(['message_id', 'position'])
    .execute();
  await db.schema
    .createIndex('message_attachments_uploader_idx')
    .on('message_attachments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('message_attachments_created_idx')
    .on('message_attachments')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_attachments').execute();
}
