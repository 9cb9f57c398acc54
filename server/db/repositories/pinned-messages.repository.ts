import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../schema';

type Db = Kysely<Database>;

/** Pinned messages of rooms (db may be a transaction). Deleted messages never count or show. */
export function pinnedMessagesRepository(db: Db) {
  return {
    async count(roomId: string): Promise<number> {
      const row = await db
        .selectFrom('pinned_messages as p')
        .innerJoin('messages as m', 'm.id', 'p.message_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.room_id', '=', roomId)
        .where('m.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async isPinned(messageId: string): Promise<boolean> {
      const row = await db
        .selectFrom('pinned_messages')
        .select('message_id')
        .where('message_id', '=', messageId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(pin: { message_id: string; room_id: string; pinned_by: string; pinned_at: string }): Promise<void> {
      await db.insertInto('pinned_messages').values(pin).execute();
    },

    /** False when the message was not pinned. */
    async delete(messageId: string): Promise<boolean> {
      const result = await db.deleteFrom('pinned_messages').where('message_id', '=', messageId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The room's pinned messages (not deleted), newest pin first, with when they were pinned. */
    async list(roomId: string, limit: number): Promise<Array<{ message: MessageRow; pinned_at: string }>> {
      const rows = await db
        .selectFrom('pinned_messages as p')
        .innerJoin('messages as m', 'm.id', 'p.message_id')
        .selectAll('m')
        .select('p.pinned_at')
        .where('p.room_id', '=', roomId)
        .where('m.deleted_at', 'is', null)
        .orderBy('p.pinned_at', 'desc')
        .orderBy('p.message_id')
        .limit(limit)
        .execute();
      return rows.map(({ pinned_at, ...message }) => ({ message, pinned_at }));
    },
  };
}
