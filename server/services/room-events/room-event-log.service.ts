import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { membersRepository } from '../../db/repositories/members.repository';
import { roomEventsRepository } from '../../db/repositories/room-events.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import { createPresentedEvents, type PresentedRoomEvent } from './presented-events';
import { presentRoomEvents } from './room-event.presenter';

export type { PresentedRoomEvent } from './presented-events';

/** The room's event log, as a subscription reads it. */
export interface RoomLog {
  lastSeq(): Promise<number>;
  /** Events after `afterSeq`, in sequence order, at most `limit`, presented. */
  eventsAfter(afterSeq: number, limit: number): Promise<PresentedRoomEvent[]>;
}

/**
 * What the realtime gateway may know about rooms: who may listen to a room, where its log
 * stands and what it holds (presented once per event on this process), and which rooms a user
 * belongs to.
 */
export function createRoomEventLogService(db: Kysely<Database>, now: () => number = Date.now) {
  const presented = createPresentedEvents({ present: (facts) => presentRoomEvents(db, facts), now });
  return {
    isActiveMember: (roomId: string, userId: string) => membersRepository(db).isActiveMember(roomId, userId),
    roomExists: async (roomId: string) => (await roomsRepository(db).findById(roomId)) !== undefined,
    /** undefined when the room does not exist. */
    lastSeq: (roomId: string) => roomsRepository(db).readLastSeq(roomId),
    activeRoomIds: (userId: string) => membersRepository(db).listActiveRoomIds(userId),
    /** The room sequence of a message's message.created event (answers a retried send). */
    seqOfMessage: (roomId: string, messageId: string) => roomEventsRepository(db).firstSeqOfMessage(roomId, messageId),
    logOf(roomId: string): RoomLog {
      return {
        lastSeq: async () => (await roomsRepository(db).readLastSeq(roomId)) ?? 0,
        eventsAfter: async (afterSeq, limit) =>
          presented.present(roomId, await roomEventsRepository(db).listAfter(roomId, afterSeq, limit)),
      };
    },
    /**
     * Drops this process's presentations of the room's events: call when a message of the room
     * was edited or deleted (replies quote it) and when no socket here watches the room any more.
     */
    forgetPresented: (roomId: string) => presented.forgetRoom(roomId),
  };
}

export type RoomEventLogService = ReturnType<typeof createRoomEventLogService>;
