import type { Kysely } from 'kysely';

/**
 * E-mail notifications (docs/PRODUCT.md §21): each person's settings, the rooms of their daily
 * digest, when a room last e-mailed them, the job queue every process takes e-mails from, and the
 * demo outbox (e-mails kept instead of sent when no SMTP server is configured in demo mode).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    /** An address typed by the person; used once confirmed (else GitHub's). */
    .addColumn('custom_address', 'text')
    .addColumn('custom_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirm_token', 'text', (c) => c.unique())
    .addColumn('mentions_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_digest_rooms')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('mail_digest_rooms_pkey', ['user_id', 'room_id'])
    .execute();

  await db.schema
    .createTable('mail_room_sends')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    /** The newest message an e-mail of this room already carried (none is e-mailed twice). */
    .addColumn('mailed_through', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_room_sends_pkey', ['user_id', 'room_id'])
    .execute();

  await db.schema
    .createTable('mail_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** One queued job per key (a person and room, a digest day); freed once the job is done. */
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('room_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema.createIndex('mail_jobs_due_idx').on('mail_jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mail_outbox', 'mail_jobs', 'mail_room_sends', 'mail_digest_rooms', 'mail_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
