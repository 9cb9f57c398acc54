import type { Kysely } from 'kysely';
import type { MessageDto } from '../../../shared/api/rooms';
import type { Database } from '../../db/schema';
import { MESSAGE_TEXT_EVENT_TYPES, roomEventsRepository } from '../../db/repositories/room-events.repository';
import { encodeFact, messageFactOf, type RoomEventFact } from '../room-events/room-event-facts';

/**
 * Keeps a room's event log from remembering text a message no longer has. A replay (subscribe
 * with after_seq, resume after a reconnect) presents the stored facts, so an edit rewrites the
 * message's earlier facts to hold its text as it is now, and a delete turns them into
 * message.deleted tombstones. Sequence numbers never change: clients resume without gaps. Both
 * run in the transaction of the edit or delete, so no reader ever sees the old text afterwards.
 */
export async function showCurrentTextInLog(trx: Kysely<Database>, message: MessageDto): Promise<void> {
  const fact = messageFactOf(message);
  for (const type of MESSAGE_TEXT_EVENT_TYPES) {
    await roomEventsRepository(trx).rewriteMessageEvents(
      message.room_id,
      message.id,
      type,
      encodeFact({ type, message: fact }),
    );
  }
  // Its message.references events hold no references: they are read when the events are presented.
}

export async function tombstoneDeletedInLog(
  trx: Kysely<Database>,
  roomId: string,
  messageId: string,
  byModerator = false,
): Promise<void> {
  const tombstone: RoomEventFact = {
    type: 'message.deleted',
    message_id: messageId,
    ...(byModerator ? { by_moderator: true } : {}),
  };
  await roomEventsRepository(trx).tombstoneMessageEvents(roomId, messageId, {
    type: tombstone.type,
    payload: encodeFact(tombstone),
  });
}
