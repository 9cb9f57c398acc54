import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { EventBus } from '../../bus/event-bus';
import type { Database, MessageRow } from '../../db/schema';
import { messageReferencesRepository } from '../../db/repositories/message-references.repository';
import { messageReportsRepository } from '../../db/repositories/message-reports.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { domainErrors, MESSAGE_NOT_FOUND, MODERATORS_ONLY } from '../../errors';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { refusalFor, refuseIfBanned } from '../moderation/bans';
import { announceReportsChanged, logModeration } from '../moderation/moderation-log';
import type { RoomChanges } from '../room-events/room-change';
import { threadUpdatedEvent } from '../threads/thread-replies';
import { threadsRepository } from '../../db/repositories/threads.repository';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import type { AnnounceActivity } from './message-activity';
import { tombstoneDeletedInLog } from './message-history';
import type { AttachmentsService } from '../attachments/attachments.service';
import { messageAttachmentsRepository, type StoredKeys } from '../../db/repositories/message-attachments.repository';

/**
 * Who takes a message down: its author (delete) or a moderator of its room (remove). The rest is
 * the same tombstone: text gone from the row, its mentions, references and every logged event.
 */
export type DeletedBy = 'author' | 'moderator';

export interface DeleteMessageDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  limits: Pick<ChatRateLimits, 'moderate'>;
  roles: Pick<MemberRolesService, 'isModerator'>;
  bus: EventBus;
  logger: Pick<Logger, 'warn'>;
  announce: AnnounceActivity;
  attachments?: Pick<AttachmentsService, 'discard'> | undefined;
}

/** Deleting one's own message, and a moderator removing anyone's: one path, `by` says which. */
export function createDeleteMessage({
  db,
  changes,
  limits,
  roles,
  bus,
  logger,
  announce,
  attachments,
}: DeleteMessageDeps) {
  /** Refuses an actor who may not take this message down. */
  async function authorize(actorId: string, current: MessageRow, by: DeletedBy): Promise<void> {
    if (by === 'author') {
      if (current.user_id !== actorId) throw domainErrors.forbidden('You can only delete your own messages');
      // Banned: not even their old messages (re-checked under the room lock).
      await refuseIfBanned(db, current.room_id, actorId);
      return;
    }
    if (!(await roles.isModerator(current.room_id, actorId))) {
      throw await refusalFor(db, current.room_id, actorId, domainErrors.forbidden(MODERATORS_ONLY));
    }
    await limits.moderate(actorId);
  }

  return async function deleteMessage(actorId: string, messageId: string, by: DeletedBy): Promise<void> {
    const current = await messagesRepository(db).findById(messageId);
    if (!current) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
    await authorize(actorId, current, by);
    const byModerator = by === 'moderator';
    let hadReports = false;
    let files: StoredKeys[] = [];
    const removed = await changes.commit(current.room_id, async (trx, nowIso) => {
      const threadEvents: RoomEvent[] = [];
      const repository = messagesRepository(trx);
      if (!byModerator) await refuseIfBanned(trx, current.room_id, actorId);
      const done = byModerator
        ? await repository.removeByModerator(messageId, actorId, nowIso)
        : await repository.deleteOwn(messageId, actorId, nowIso);
      if (done) {
        await tombstoneDeletedInLog(trx, current.room_id, messageId, byModerator);
        await readStateRepository(trx).setMentions(current, []);
        await messageReferencesRepository(trx).delete(messageId);
        // Its files go with it: their rows now, their bytes once the deletion is committed.
        files = await messageAttachmentsRepository(trx).deleteForMessage(messageId);
        // Nothing is left to moderate: its open reports are closed with it.
        const reason = byModerator ? 'removed' : 'deleted by its author';
        hadReports = (await messageReportsRepository(trx).resolve(messageId, actorId, reason, nowIso)) > 0;
        // A reply leaves its thread's summary (and stops being its answer); a root keeps its thread.
        if (current.thread_root_id !== null) {
          const thread = await threadsRepository(trx).recount(current.thread_root_id);
          threadEvents.push(await threadUpdatedEvent(trx, current.thread_root_id, thread));
        }
        if (byModerator) {
          await logModeration(trx, {
            roomId: current.room_id,
            actorId,
            action: 'message.removed',
            targetUserId: current.user_id,
            messageId,
            at: nowIso,
          });
        }
      }
      return {
        result: done,
        events: done
          ? [
              { type: 'message.deleted', message_id: messageId, ...(byModerator ? { by_moderator: true } : {}) },
              ...threadEvents,
            ]
          : [],
      };
    });
    if (!removed) return;
    await attachments?.discard(files);
    announce({ id: messageId, room_id: current.room_id, user_id: current.user_id }, 'deleted', []);
    if (hadReports) {
      await announceReportsChanged(db, bus, current.room_id, (error) =>
        logger.warn({ err: error }, 'report count not announced'),
      );
    }
  };
}
