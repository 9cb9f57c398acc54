import type { Kysely } from 'kysely';
import type { RoomEvent } from '../../shared/realtime/protocol';
import type { Database } from '../db/schema';
import { decodeFact } from '../services/room-events/room-event-facts';
import { presentRoomEvents } from '../services/room-events/room-event.presenter';

/** A room's event log as a replay from the start would present it to a socket. */
export async function replayedLog(
  db: Kysely<Database>,
  roomId: string,
): Promise<Array<{ seq: number; event: RoomEvent }>> {
  const rows = await db
    .selectFrom('room_events')
    .select(['seq', 'type', 'payload'])
    .where('room_id', '=', roomId)
    .orderBy('seq')
    .execute();
  const events = await presentRoomEvents(
    db,
    rows.map((row) => decodeFact(row.type, row.payload)),
  );
  return rows.map((row, i) => ({ seq: Number(row.seq), event: events[i] as RoomEvent }));
}

/** The last event of a room's log, presented. */
export async function lastReplayedEvent(db: Kysely<Database>, roomId: string): Promise<RoomEvent> {
  const log = await replayedLog(db, roomId);
  const last = log[log.length - 1];
  if (!last) throw new Error(`room ${roomId} has no events`);
  return last.event;
}
