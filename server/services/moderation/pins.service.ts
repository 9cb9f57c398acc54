import type { Kysely } from 'kysely';
import { PINNED_LIMIT_MESSAGE, PINNED_MESSAGES_MAX, type PinsResponse } from '../../../shared/api/rooms';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { pinnedMessagesRepository } from '../../db/repositories/pinned-messages.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { domainErrors, MESSAGE_NOT_FOUND, MODERATORS_ONLY } from '../../errors';
import { presentMessages } from '../messages/message.presenter';
import { ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import type { MemberRolesService } from './member-roles.service';
import { refusalFor, refuseIfBanned } from './bans';
import { logModeration } from './moderation-log';

export interface PinsServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  roles: Pick<MemberRolesService, 'isModerator'>;
  limits: Pick<ChatRateLimits, 'moderate'>;
}

/** Pinned messages: moderators pin and unpin, everyone reads the room's list. */
export function createPinsService({ db, changes, roles, limits }: PinsServiceDeps) {
  /** The message (not deleted) and the caller moderates its room; 404 / 403 otherwise. */
  async function moderatedMessage(moderatorId: string, messageId: string) {
    const message = await messagesRepository(db).findById(messageId);
    if (!message) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
    if (!(await roles.isModerator(message.room_id, moderatorId))) {
      throw await refusalFor(db, message.room_id, moderatorId, domainErrors.forbidden(MODERATORS_ONLY));
    }
    await limits.moderate(moderatorId);
    return message;
  }

  return {
    async pin(moderatorId: string, messageId: string): Promise<void> {
      const message = await moderatedMessage(moderatorId, messageId);
      await changes.commit(message.room_id, async (trx, nowIso) => {
        const pins = pinnedMessagesRepository(trx);
        if (!(await messagesRepository(trx).findById(messageId))) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
        if (await pins.isPinned(messageId)) return { result: undefined, events: [] };
        // Counted under the room lock, so two pins at once cannot pass the limit together.
        if ((await pins.count(message.room_id)) >= PINNED_MESSAGES_MAX) {
          throw domainErrors.conflict(PINNED_LIMIT_MESSAGE, 'pinned_limit');
        }
        await pins.insert({
          message_id: messageId,
          room_id: message.room_id,
          pinned_by: moderatorId,
          pinned_at: nowIso,
        });
        await logModeration(trx, {
          roomId: message.room_id,
          actorId: moderatorId,
          action: 'message.pinned',
          targetUserId: message.user_id,
          messageId,
          at: nowIso,
        });
        return { result: undefined, events: [{ type: 'message.pinned', message_id: messageId, pinned_at: nowIso }] };
      });
    },

    async unpin(moderatorId: string, messageId: string): Promise<void> {
      const message = await moderatedMessage(moderatorId, messageId);
      await changes.commit(message.room_id, async (trx, nowIso) => {
        const unpinned = await pinnedMessagesRepository(trx).delete(messageId);
        if (unpinned) {
          await logModeration(trx, {
            roomId: message.room_id,
            actorId: moderatorId,
            action: 'message.unpinned',
            targetUserId: message.user_id,
            messageId,
            at: nowIso,
          });
        }
        return { result: undefined, events: unpinned ? [{ type: 'message.unpinned', message_id: messageId }] : [] };
      });
    },

    /** The room's pins, for anyone signed in except someone banned from it. */
    async list(readerId: string, roomId: string): Promise<PinsResponse> {
      if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
      await refuseIfBanned(db, roomId, readerId);
      const rows = await pinnedMessagesRepository(db).list(roomId, PINNED_MESSAGES_MAX);
      const messages = await presentMessages(
        db,
        rows.map((row) => row.message),
      );
      return { pins: messages.map((message, index) => ({ message, pinned_at: rows[index]?.pinned_at ?? '' })) };
    },
  };
}

export type PinsService = ReturnType<typeof createPinsService>;
