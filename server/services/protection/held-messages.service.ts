import type { Kysely } from 'kysely';
import {
  HELD_MESSAGE_DECIDED,
  HELD_MESSAGE_NOT_FOUND,
  type HeldMessageDto,
  type HeldMessagesResponse,
  type HeldReason,
} from '../../../shared/api/protection';
import type { MessageDto } from '../../../shared/api/rooms';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { protectionRepository, type HeldWithAuthorRow } from '../../db/repositories/protection.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database, MessageRow } from '../../db/schema';
import { domainErrors, MODERATORS_ONLY } from '../../errors';
import type { AnnounceActivity, AnnounceThreadReply } from '../messages/message-activity';
import { presentMessages, toUserSummaryDto } from '../messages/message.presenter';
import type { MessageReferencesService } from '../messages/message-references.service';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { logModeration } from '../moderation/moderation-log';
import { recordMentions } from '../read-state/read-state.service';
import { ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { recordThreadReply } from '../threads/thread-replies';
import type { HeldNotices } from './held-notices';
import { timeOrderedId } from '../messages/time-ordered-id';

export interface HeldMessagesServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  roles: Pick<MemberRolesService, 'isModerator'>;
  limits: Pick<ChatRateLimits, 'moderate'>;
  announce: AnnounceActivity;
  announceThreadReply: AnnounceThreadReply;
  references?: Pick<MessageReferencesService, 'afterSend'> | undefined;
  /** Pushes the "Review" count to moderators and a decision to its author (see held-notices.ts). */
  heldChanged?: HeldNotices | undefined;
  now: () => number;
}

/** How long an author still sees their rejected message as "Not approved". */
const REJECTED_SHOWN_MS = 24 * 60 * 60 * 1000;

export function toHeldMessageDto(row: HeldWithAuthorRow): HeldMessageDto {
  return {
    id: row.id,
    room_id: row.room_id,
    client_id: row.client_id,
    content: row.content,
    created_at: row.created_at,
    author: toUserSummaryDto(row.user_id, { ...row, id: row.user_id }),
    reason: row.reason as HeldReason,
    status: row.status === 'rejected' ? 'rejected' : 'pending',
    reply_to_id: row.reply_to_id,
    thread_root_id: row.thread_root_id,
  };
}

export interface HoldInput {
  client_id: string;
  content: string;
  reply_to_id: string | null;
  thread_root_id: string | null;
  in_room: boolean;
  reason: HeldReason;
}

/**
 * Messages held for approval (docs/PRODUCT.md §20). Held, a message is no message of the room:
 * nobody but its author and the room's moderators sees it, nothing counts or finds it. Approved,
 * it is written as it would have been when sent (its id and time), so it takes its place.
 */
export function createHeldMessagesService({
  db,
  changes,
  roles,
  limits,
  announce,
  announceThreadReply,
  references,
  heldChanged,
  now,
}: HeldMessagesServiceDeps) {
  async function decidable(moderatorId: string, heldId: string): Promise<HeldWithAuthorRow> {
    const held = await protectionRepository(db).heldById(heldId);
    if (!held) throw domainErrors.notFound(HELD_MESSAGE_NOT_FOUND);
    if (!(await roles.isModerator(held.room_id, moderatorId))) {
      // Someone else's held message is as unknown to a non-moderator as one that does not exist.
      if (held.user_id !== moderatorId) throw domainErrors.notFound(HELD_MESSAGE_NOT_FOUND);
      throw domainErrors.forbidden(MODERATORS_ONLY);
    }
    if (held.status !== 'pending') throw domainErrors.conflict(HELD_MESSAGE_DECIDED, 'already_reviewed');
    await limits.moderate(moderatorId);
    return held;
  }

  return {
    /** Keeps a send for the moderators; a retry with the same client id answers the first. */
    async hold(userId: string, roomId: string, input: HoldInput): Promise<HeldMessageDto> {
      const repo = protectionRepository(db);
      await repo.hold({
        id: timeOrderedId(now()),
        room_id: roomId,
        user_id: userId,
        client_id: input.client_id,
        content: input.content,
        reply_to_id: input.reply_to_id,
        thread_root_id: input.thread_root_id,
        in_room: input.in_room ? 1 : 0,
        created_at: new Date(now()).toISOString(),
        reason: input.reason,
      });
      const row = await repo.heldByClientId(userId, input.client_id);
      if (!row) throw domainErrors.conflict('Message could not be saved, please retry');
      void heldChanged?.(roomId);
      return toHeldMessageDto(row);
    },

    /** A moderator: every waiting message of the room; anyone else: their own. */
    async list(userId: string, roomId: string): Promise<HeldMessagesResponse> {
      if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
      const repo = protectionRepository(db);
      const canReview = await roles.isModerator(roomId, userId);
      const rows = canReview
        ? await repo.pendingInRoom(roomId)
        : await repo.mineInRoom(roomId, userId, new Date(now() - REJECTED_SHOWN_MS).toISOString());
      return { held: rows.map(toHeldMessageDto), can_review: canReview };
    },

    /** Publishes a held message in its place: the same id and time it was written with. */
    async approve(moderatorId: string, heldId: string): Promise<MessageDto> {
      const held = await decidable(moderatorId, heldId);
      let mentioned: string[] = [];
      let inRoom = true;
      let thread: { rootId: string; followerIds: string[] } | null = null;
      const message = await changes.commit(held.room_id, async (trx, nowIso) => {
        if (!(await protectionRepository(trx).takePending(held.id))) {
          throw domainErrors.conflict(HELD_MESSAGE_DECIDED, 'already_reviewed');
        }
        const root =
          held.thread_root_id === null
            ? undefined
            : await messagesRepository(trx).findInRoom(held.room_id, held.thread_root_id);
        const row: MessageRow = {
          id: held.id,
          room_id: held.room_id,
          user_id: held.user_id,
          client_id: held.client_id,
          content: held.content,
          created_at: held.created_at,
          edited_at: null,
          deleted_at: null,
          removed_by: null,
          reply_to_id: held.reply_to_id,
          thread_root_id: root ? root.id : null,
          in_room: root ? Boolean(held.in_room) : true,
        };
        inRoom = Boolean(row.in_room);
        if (!(await messagesRepository(trx).insertIfAbsent(row))) {
          throw domainErrors.conflict(HELD_MESSAGE_DECIDED, 'already_reviewed');
        }
        mentioned = await recordMentions(trx, row, { fresh: true });
        const events: RoomEvent[] = [];
        if (root) {
          const recorded = await recordThreadReply(trx, root, row, mentioned);
          events.push(recorded.event);
          thread = { rootId: root.id, followerIds: recorded.followerIds };
        }
        const presented = (await presentMessages(trx, [row]))[0] as MessageDto;
        await logModeration(trx, {
          roomId: held.room_id,
          actorId: moderatorId,
          action: 'message.approved',
          targetUserId: held.user_id,
          messageId: held.id,
          at: nowIso,
        });
        return { result: presented, events: [{ type: 'message.created', message: presented }, ...events] };
      });
      if (inRoom) announce(message, 'created', mentioned);
      // Set inside the transaction's callback, which the compiler cannot follow.
      const reply = thread as { rootId: string; followerIds: string[] } | null;
      if (reply) announceThreadReply(message, reply.rootId, reply.followerIds, mentioned);
      references?.afterSend(message);
      void heldChanged?.(held.room_id, { authorId: held.user_id, messageId: held.id, status: 'approved' });
      return message;
    },

    /** Refuses a held message: its author sees it "Not approved"; nobody else ever saw it. */
    async reject(moderatorId: string, heldId: string): Promise<void> {
      const held = await decidable(moderatorId, heldId);
      await db.transaction().execute(async (trx) => {
        const at = new Date(now()).toISOString();
        if (!(await protectionRepository(trx).reject(held.id, at))) {
          throw domainErrors.conflict(HELD_MESSAGE_DECIDED, 'already_reviewed');
        }
        await logModeration(trx, {
          roomId: held.room_id,
          actorId: moderatorId,
          action: 'message.rejected',
          targetUserId: held.user_id,
          messageId: held.id,
          at,
        });
      });
      void heldChanged?.(held.room_id, { authorId: held.user_id, messageId: held.id, status: 'rejected' });
    },
  };
}

export type HeldMessagesService = ReturnType<typeof createHeldMessagesService>;
