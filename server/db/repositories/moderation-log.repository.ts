import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

export interface ModerationLogInsert {
  id: string;
  room_id: string;
  actor_id: string;
  action: string;
  target_user_id: string | null;
  message_id: string | null;
  detail: string;
  created_at: string;
}

export type ModerationLogRow = ModerationLogInsert;

/** The moderation log of rooms (db may be the transaction of the action being logged). */
export function moderationLogRepository(db: Db) {
  return {
    async insert(entry: ModerationLogInsert): Promise<void> {
      await db.insertInto('moderation_log').values(entry).execute();
    },

    /** A room's entries, newest first, older than the cursor when one is given. */
    async list(roomId: string, before: { created_at: string; id: string } | null, limit: number) {
      let query = db
        .selectFrom('moderation_log')
        .selectAll()
        .where('room_id', '=', roomId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', before.created_at),
            eb.and([eb('created_at', '=', before.created_at), eb('id', '<', before.id)]),
          ]),
        );
      }
      return (await query.execute()) as ModerationLogRow[];
    },
  };
}
