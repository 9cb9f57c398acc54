import type { Kysely } from 'kysely';
import type { Database, RoomEventRow } from '../../db/schema';
import { membersRepository } from '../../db/repositories/members.repository';
import { roomEventsRepository } from '../../db/repositories/room-events.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';

/** One stored room event as the realtime delivery reads it (sequence, type, encoded document). */
export type StoredRoomEvent = RoomEventRow;

/** The room's event log, as a subscription reads it. */
export interface RoomLog {
  lastSeq(): Promise<number>;
  /** Events after `afterSeq`, in sequence order, at most `limit`. */
  eventsAfter(afterSeq: number, limit: number): Promise<StoredRoomEvent[]>;
}

/**
 * What the realtime gateway may know about rooms: who may listen to a room, where its log
 * stands and what it holds, and which rooms a user belongs to.
 */
export function createRoomAccessService(db: Kysely<Database>) {
  return {
    isActiveMember: (roomId: string, userId: string) => membersRepository(db).isActiveMember(roomId, userId),
    roomExists: async (roomId: string) => (await roomsRepository(db).findById(roomId)) !== undefined,
    /** undefined when the room does not exist. */
    lastSeq: (roomId: string) => roomsRepository(db).readLastSeq(roomId),
    activeRoomIds: (userId: string) => membersRepository(db).listActiveRoomIds(userId),
    logOf(roomId: string): RoomLog {
      return {
        lastSeq: async () => (await roomsRepository(db).readLastSeq(roomId)) ?? 0,
        eventsAfter: (afterSeq, limit) => roomEventsRepository(db).listAfter(roomId, afterSeq, limit),
      };
    },
  };
}

export type RoomAccessService = ReturnType<typeof createRoomAccessService>;
