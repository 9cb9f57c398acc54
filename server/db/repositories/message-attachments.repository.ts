import { sql, type Kysely } from 'kysely';
import type { Database, MessageAttachmentRow } from '../schema';

type Db = Kysely<Database>;

/** Where an attachment's bytes are kept: the file and, for an image, its thumbnail. */
export type StoredKeys = Pick<MessageAttachmentRow, 'storage_key' | 'thumbnail_key'>;

/** Files uploaded to rooms and the messages carrying them (db may be a transaction). */
export function messageAttachmentsRepository(db: Db) {
  return {
    async insert(row: MessageAttachmentRow): Promise<void> {
      await db.insertInto('message_attachments').values(row).execute();
    },

    async find(id: string): Promise<MessageAttachmentRow | undefined> {
      return db.selectFrom('message_attachments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The attachments of these messages, each message's in the order they were attached. */
    async listFor(messageIds: readonly string[]): Promise<Map<string, MessageAttachmentRow[]>> {
      const found = new Map<string, MessageAttachmentRow[]>();
      if (messageIds.length === 0) return found;
      const rows = await db
        .selectFrom('message_attachments')
        .selectAll()
        .where('message_id', 'in', [...messageIds])
        .orderBy('message_id')
        .orderBy('position')
        .execute();
      for (const row of rows) {
        const id = row.message_id as string;
        const list = found.get(id);
        if (list) list.push(row);
        else found.set(id, [row]);
      }
      return found;
    },

    /** Bytes one person uploaded since `sinceIso` (sent or not), and when the oldest of them was. */
    async uploadedSince(userId: string, sinceIso: string): Promise<{ bytes: number; oldest: string | null }> {
      const row = await db
        .selectFrom('message_attachments')
        .select([sql<number | string | null>`sum(size)`.as('bytes'), sql<string | null>`min(created_at)`.as('oldest')])
        .where('user_id', '=', userId)
        .where('created_at', '>', sinceIso)
        .executeTakeFirst();
      return { bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
    },

    /**
     * Gives a message the caller's unsent uploads of its room, in the order given; answers how
     * many it took (fewer than asked: some were not the caller's, not in the room or already sent).
     */
    async attach(messageId: string, roomId: string, userId: string, ids: readonly string[]): Promise<number> {
      let taken = 0;
      for (const [position, id] of ids.entries()) {
        const result = await db
          .updateTable('message_attachments')
          .set({ message_id: messageId, position })
          .where('id', '=', id)
          .where('room_id', '=', roomId)
          .where('user_id', '=', userId)
          .where('message_id', 'is', null)
          .executeTakeFirst();
        taken += Number(result.numUpdatedRows);
      }
      return taken;
    },

    /** Deletes a message's attachments and answers where their bytes were. */
    async deleteForMessage(messageId: string): Promise<StoredKeys[]> {
      return db
        .deleteFrom('message_attachments')
        .where('message_id', '=', messageId)
        .returning(['storage_key', 'thumbnail_key'])
        .execute();
    },

    /** Deletes uploads no message took that were made before `beforeIso`; answers where their bytes were. */
    async deleteUnsentBefore(beforeIso: string): Promise<StoredKeys[]> {
      return db
        .deleteFrom('message_attachments')
        .where('message_id', 'is', null)
        .where('created_at', '<', beforeIso)
        .returning(['storage_key', 'thumbnail_key'])
        .execute();
    },
  };
}
