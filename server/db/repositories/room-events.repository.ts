import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database, RoomEventRow } from '../schema';
import type { RoomEvent } from '../../../shared/realtime/protocol';

type Db = Kysely<Database>;

const insertEvent = preparedQuery(
  6,
  (db, roomId: string, seq: number, type: string, payload: string, createdAt: string, messageId: string | null) =>
    db
      .insertInto('room_events')
      .values({ room_id: roomId, seq, type, payload, created_at: createdAt, message_id: messageId }),
);

/** The rooms' event logs (db may be a transaction). */
export function roomEventsRepository(db: Db) {
  return {
    async insert(event: RoomEventRow): Promise<void> {
      await insertEvent.all(
        db,
        event.room_id,
        event.seq,
        event.type,
        event.payload,
        event.created_at,
        event.message_id,
      );
    },

    /** The sequence of the first event about a message (its message.created): a retried send's. */
    async firstSeqOfMessage(roomId: string, messageId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('room_events')
        .select((eb) => eb.fn.min('seq').as('seq'))
        .where('room_id', '=', roomId)
        .where('message_id', '=', messageId)
        .executeTakeFirst();
      return row?.seq === null || row?.seq === undefined ? undefined : Number(row.seq);
    },

    /**
     * Replaces the payload of every earlier event of one type that shows this message (its
     * message.created, or each message.updated), keeping their sequence numbers: the log replays
     * the message as it is now, never a text it no longer has.
     */
    async rewriteMessageEvents(
      roomId: string,
      messageId: string,
      type: MessageTextEventType,
      payload: string,
    ): Promise<void> {
      await db
        .updateTable('room_events')
        .set({ payload })
        .where('room_id', '=', roomId)
        .where('message_id', '=', messageId)
        .where('type', '=', type)
        .execute();
    },

    /**
     * Turns every event that showed this message into the given tombstone (a message.deleted event):
     * the sequence keeps its numbers, and the deleted text is no longer stored anywhere in the log.
     */
    async tombstoneMessageEvents(
      roomId: string,
      messageId: string,
      tombstone: { type: string; payload: string },
    ): Promise<void> {
      await db
        .updateTable('room_events')
        .set({ type: tombstone.type, payload: tombstone.payload })
        .where('room_id', '=', roomId)
        .where('message_id', '=', messageId)
        .where('type', 'in', [...MESSAGE_EVENT_TYPES])
        .execute();
    },

    /** Whether the room's log has an event that changes its member list in (afterSeq, uptoSeq]. */
    async hasMembershipChange(roomId: string, afterSeq: number, uptoSeq: number): Promise<boolean> {
      const row = await db
        .selectFrom('room_events')
        .select('seq')
        .where('room_id', '=', roomId)
        .where('seq', '>', afterSeq)
        .where('seq', '<=', uptoSeq)
        .where('type', 'in', [...MEMBERSHIP_EVENT_TYPES])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Events of a room after `afterSeq`, in sequence order (primary key range scan). */
    async listAfter(roomId: string, afterSeq: number, limit: number): Promise<RoomEventRow[]> {
      const rows = await db
        .selectFrom('room_events')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
    },
  };
}

/** The event types that change who is in a room's member list, or what it says of them. */
export const MEMBERSHIP_EVENT_TYPES = [
  'member.joined',
  'member.left',
  'member.role_changed',
  'member.muted',
  'member.banned',
] as const satisfies readonly RoomEvent['type'][];

/** The event types whose payload carries a message's text. */
export const MESSAGE_TEXT_EVENT_TYPES = ['message.created', 'message.updated'] as const;
/** The event types a deleted message's tombstone replaces: its text, and what its text referred to. */
const MESSAGE_EVENT_TYPES = [...MESSAGE_TEXT_EVENT_TYPES, 'message.references'] as const;
export type MessageTextEventType = (typeof MESSAGE_EVENT_TYPES)[number];
