import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database, RoomEventRow } from '../schema';

type Db = Kysely<Database>;

const insertEvent = preparedQuery(
  5,
  (db, roomId: string, seq: number, type: string, payload: string, createdAt: string) =>
    db.insertInto('room_events').values({ room_id: roomId, seq, type, payload, created_at: createdAt }),
);

export async function insertRoomEvent(db: Db, event: RoomEventRow): Promise<void> {
  await insertEvent.all(db, event.room_id, event.seq, event.type, event.payload, event.created_at);
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
