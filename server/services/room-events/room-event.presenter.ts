import type { Kysely } from 'kysely';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import type { Database, MessageRow } from '../../db/schema';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { messageReferencesRepository } from '../../db/repositories/message-references.repository';
import { presentMessages, toReactionDto, toUserSummaryDto } from '../messages/message.presenter';
import { presentThreadSummaries } from '../threads/thread.presenter';
import type { MessageFact, RoomEventFact } from './room-event-facts';

/**
 * Presents stored facts as the room events clients receive, with the presenters of the HTTP
 * answers: a message as its history page shows it now (author, reply quote, references,
 * reactions), a reaction and a joining member with the person's profile, references as stored
 * now. One reading per kind of data for the whole batch, whatever its length.
 */
export async function presentRoomEvents(db: Kysely<Database>, facts: readonly RoomEventFact[]): Promise<RoomEvent[]> {
  const messageRows: MessageRow[] = [];
  const referred: string[] = [];
  const people: string[] = [];
  for (const fact of facts) {
    if (fact.type === 'message.created' || fact.type === 'message.updated') messageRows.push(rowOf(fact.message));
    else if (fact.type === 'message.references') referred.push(fact.message_id);
    else if (fact.type === 'reaction.added' || fact.type === 'reaction.removed') people.push(fact.reaction.user_id);
    else if (fact.type === 'member.joined') people.push(fact.member.user_id);
  }
  const threads = facts.flatMap((fact) =>
    fact.type === 'thread.updated' && fact.thread ? [{ root_id: fact.root_id, ...fact.thread }] : [],
  );
  const [messages, references, profiles, summaries] = await Promise.all([
    messageRows.length > 0 ? presentMessages(db, messageRows) : [],
    messageReferencesRepository(db).listFor(referred),
    messagesRepository(db).findAuthors(people),
    presentThreadSummaries(db, threads),
  ]);
  let nextMessage = 0;
  return facts.map((fact): RoomEvent => {
    switch (fact.type) {
      case 'message.created':
      case 'message.updated': {
        const message = messages[nextMessage++];
        if (!message) throw new Error(`message ${fact.message.id} was not presented`);
        return { type: fact.type, message };
      }
      case 'message.references':
        return {
          type: fact.type,
          message_id: fact.message_id,
          references: references.get(fact.message_id)?.refs ?? [],
        };
      case 'reaction.added':
      case 'reaction.removed':
        return { type: fact.type, reaction: toReactionDto(fact.reaction, profiles.get(fact.reaction.user_id)) };
      case 'member.joined': {
        const { user_id: userId, ...joined } = fact.member;
        return { type: fact.type, member: { user: toUserSummaryDto(userId, profiles.get(userId)), ...joined } };
      }
      case 'thread.updated':
        return { type: fact.type, root_id: fact.root_id, thread: summaries.get(fact.root_id) ?? null };
      default:
        return fact;
    }
  });
}

/** A logged message is one that was not deleted: a deletion turns its facts into tombstones. */
function rowOf({ thread_root_id: rootId, also_in_room: alsoInRoom, ...message }: MessageFact): MessageRow {
  return {
    ...message,
    deleted_at: null,
    removed_by: null,
    thread_root_id: rootId ?? null,
    in_room: rootId === undefined || alsoInRoom === true,
  };
}
