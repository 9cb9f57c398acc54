import type { Kysely } from 'kysely';

/**
 * A room's threads by answer state: the "N unanswered questions" count reads this index alone,
 * where it used to visit every thread row of the room.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('threads_room_answer_idx').on('threads').columns(['room_id', 'answer_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('threads_room_answer_idx').execute();
}
