import type { Kysely } from 'kysely';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { THREAD_ERRORS } from '../../../shared/api/threads';
import { isUuid } from '../../../shared/text';
import { threadsRepository } from '../../db/repositories/threads.repository';
import type { Database, MessageRow, ThreadRow } from '../../db/schema';
import { domainErrors } from '../../errors';
import { presentThreadSummaries, threadFactsOf } from './thread.presenter';

/**
 * The root a reply is sent in: a message of the same room that is not itself a thread reply. A
 * deleted root keeps its thread, and its thread takes replies.
 */
export async function checkedThreadRoot(db: Kysely<Database>, roomId: string, rootId: string): Promise<MessageRow> {
  const root = isUuid(rootId) ? await threadsRepository(db).findMessage(rootId) : undefined;
  if (root?.room_id !== roomId) throw domainErrors.invalid(THREAD_ERRORS.rootNotInRoom);
  if (root.thread_root_id !== null) throw domainErrors.invalid(THREAD_ERRORS.rootIsReply);
  return root;
}

/**
 * Records a new reply in its thread (inside the send's transaction): the summary moves, the
 * replier follows the thread and has read it up to here, the root's author and the people the
 * reply mentions follow it unless they chose to unfollow. Answers the room event of the summary
 * and the thread's followers as they now are.
 */
export async function recordThreadReply(
  trx: Kysely<Database>,
  root: MessageRow,
  reply: MessageRow,
  mentioned: readonly string[],
): Promise<{ event: RoomEvent; followerIds: string[] }> {
  const threads = threadsRepository(trx);
  await threads.addReply({
    root_id: root.id,
    room_id: reply.room_id,
    user_id: reply.user_id,
    created_at: reply.created_at,
  });
  for (const userId of new Set([reply.user_id, root.user_id, ...mentioned])) {
    await threads.followIfNew(userId, root.id, reply.room_id);
  }
  await threads.advanceRead(reply.user_id, root.id, reply.room_id, reply);
  return {
    event: await threadUpdatedEvent(trx, root.id, await threads.find(root.id)),
    followerIds: await threads.followerIds(root.id),
  };
}

/** The `thread.updated` event of a thread as it now stands (null: no reply is left). */
export async function threadUpdatedEvent(
  db: Kysely<Database>,
  rootId: string,
  row: ThreadRow | undefined,
): Promise<RoomEvent> {
  const summary = row ? (await presentThreadSummaries(db, [threadFactsOf(row)])).get(rootId) : undefined;
  return { type: 'thread.updated', root_id: rootId, thread: summary ?? null };
}
