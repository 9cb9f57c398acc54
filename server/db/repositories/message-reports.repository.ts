import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

export interface OpenReportRow {
  message_id: string;
  reason: string;
  note: string;
  created_at: string;
}

/** Members' reports of messages (db may be a transaction). */
export function messageReportsRepository(db: Db) {
  /** Open reports of a room whose message still shows (a deleted message needs no moderator). */
  const open = (roomId: string) =>
    db
      .selectFrom('message_reports as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .where('r.room_id', '=', roomId)
      .where('r.resolved_at', 'is', null)
      .where('m.deleted_at', 'is', null);

  return {
    /** False when this member had already reported this message (nothing written). */
    async insert(report: {
      id: string;
      message_id: string;
      room_id: string;
      reporter_id: string;
      reason: string;
      note: string;
      created_at: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('message_reports')
        .values(report)
        .onConflict((oc) => oc.columns(['message_id', 'reporter_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async hasReported(messageId: string, reporterId: string): Promise<boolean> {
      const row = await db
        .selectFrom('message_reports')
        .select('id')
        .where('message_id', '=', messageId)
        .where('reporter_id', '=', reporterId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many messages of the room have open reports. */
    async countOpen(roomId: string): Promise<number> {
      const row = await open(roomId)
        .select((eb) => eb.fn.count<number | string>('r.message_id').distinct().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Every open report of the room, newest first (the service groups them by message). */
    async listOpen(roomId: string): Promise<OpenReportRow[]> {
      return open(roomId)
        .select(['r.message_id', 'r.reason', 'r.note', 'r.created_at'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
    },

    /** Resolves the message's open reports; how many there were. */
    async resolve(
      messageId: string,
      by: string,
      resolution: 'dismissed' | 'removed' | 'deleted by its author',
      at: string,
    ): Promise<number> {
      const result = await db
        .updateTable('message_reports')
        .set({ resolved_at: at, resolved_by: by, resolution })
        .where('message_id', '=', messageId)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
