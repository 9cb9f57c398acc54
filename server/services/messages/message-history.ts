import type { Kysely } from 'kysely';
import type { MessageDto } from '../../../shared/api/rooms';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import type { Database } from '../../db/schema';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { roomEventsRepository } from '../../db/repositories/room-events.repository';
import { presentMessages } from './message.presenter';

/**
 * Keeps a room's event log from remembering text a message no longer has. A replay (subscribe
 * with after_seq, resume after a reconnect) reads the stored events, so an edit rewrites the
 * message's earlier events to show the message as it is now, and a delete turns them into
 * message.deleted tombstones. Sequence numbers never change: clients resume without gaps. Both
 * run in the transaction of the edit or delete, so no reader ever sees the old text afterwards.
 */
export async function showCurrentTextInLog(trx: Kysely<Database>, message: MessageDto): Promise<void> {
  for (const type of ['message.created', 'message.updated'] as const) {
    const event: RoomEvent = { type, message };
    await roomEventsRepository(trx).rewriteMessageEvents(message.room_id, message.id, type, JSON.stringify(event));
  }
  // What the old text referred to goes too: earlier reference events show the references kept.
  const references: RoomEvent = {
    type: 'message.references',
    message_id: message.id,
    references: message.references ?? [],
  };
  await roomEventsRepository(trx).rewriteMessageEvents(
    message.room_id,
    message.id,
    references.type,
    JSON.stringify(references),
  );
}

export async function tombstoneDeletedInLog(
  trx: Kysely<Database>,
  roomId: string,
  messageId: string,
  byModerator = false,
): Promise<void> {
  const tombstone: RoomEvent = {
    type: 'message.deleted',
    message_id: messageId,
    ...(byModerator ? { by_moderator: true } : {}),
  };
  await roomEventsRepository(trx).tombstoneMessageEvents(roomId, messageId, {
    type: tombstone.type,
    payload: JSON.stringify(tombstone),
  });
}

/**
 * The replies to a message quote its first line: when that message is edited, deleted or removed,
 * the replies' logged events are rewritten to quote it as it is now (no replay carries a quote of
 * replaced or deleted text). Live clients update the quotes they show from the original's event.
 */
export async function showCurrentQuotesInLog(trx: Kysely<Database>, messageId: string): Promise<void> {
  const replies = await messagesRepository(trx).listReplies(messageId);
  if (replies.length === 0) return;
  for (const reply of await presentMessages(trx, replies)) await showCurrentTextInLog(trx, reply);
}
