import type { Kysely } from 'kysely';
import type { Database, RoomEventRow } from '../schema';

type Db = Kysely<Database>;

export async function insertRoomEvent(db: Db, event: RoomEventRow): Promise<void> {
  await db.insertInto('room_events').values(event).execute();
}

/** Events of a room after `afterSeq`, in sequence order (primary key range scan). */
export async function listRoomEventsAfter(
  db: Db,
  roomId: string,
  afterSeq: number,
  limit: number,
): Promise<RoomEventRow[]> {
  const rows = await db
    .selectFrom('room_events')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}
