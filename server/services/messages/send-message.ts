import type { Kysely } from 'kysely';
import { REPLY_NOT_IN_ROOM, REPLY_TO_DELETED, type MessageDto } from '../../../shared/api/rooms';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { isUuid } from '../../../shared/text';
import type { Database, MessageRow } from '../../db/schema';
import { type AuthorRow, messagesRepository } from '../../db/repositories/messages.repository';
import { readSendCheck, readSendGate } from '../../db/repositories/send-gate.repository';
import { domainErrors, NOT_A_MEMBER } from '../../errors';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { refusalFor } from '../moderation/bans';
import { refuseIfMuted, refuseIfTooSoon } from '../moderation/mutes';
import { mentionsOf } from '../read-state/read-state.service';
import { ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { publishedOf, type AfterCreated, type AnnounceActivity, type AnnounceThreadReply } from './message-activity';
import { checkedContent } from './message-content';
import { sanitizeMessage } from '../../../shared/validation/message';
import { ATTACHMENT_ERRORS } from '../../../shared/attachments/attachments';
import { checkedAttachmentIds } from '../attachments/attachment-ids';
import { messageAttachmentsRepository } from '../../db/repositories/message-attachments.repository';
import type { MessageReferencesService } from './message-references.service';
import { presentMessages, toMessageDto } from './message.presenter';
import { timeOrderedId } from './time-ordered-id';
import { checkedThreadRoot, recordThreadReply } from '../threads/thread-replies';
import { DUPLICATE_WINDOW_MINUTES, type HeldMessageDto } from '../../../shared/api/protection';
import type { HeldMessagesService } from '../protection/held-messages.service';
import type { ProtectionService } from '../protection/protection.service';

export interface SendMessageDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  limits: Pick<ChatRateLimits, 'send'>;
  roles: Pick<MemberRolesService, 'isModerator'>;
  now: () => number;
  announce: AnnounceActivity;
  announceThreadReply: AnnounceThreadReply;
  references?: Pick<MessageReferencesService, 'afterSend'> | undefined;
  /** Protection from spam (docs/PRODUCT.md §20): refuses a send, or holds it for the moderators. */
  protection?: SendProtection | undefined;
  afterCreated?: AfterCreated | undefined;
}

/** What a send asks of the room's protection; `screen` throws for a refused send. */
export interface SendProtection {
  screen: ProtectionService['screen'];
  hold: HeldMessagesService['hold'];
}

/** A send answers the message published, or the message held for approval. */
export type SendOutcome =
  | {
      message: MessageDto;
      created: boolean;
      /** The room sequence of its message.created event (a retry: not read, undefined). */
      seq?: number | undefined;
      held?: undefined;
    }
  | { held: HeldMessageDto };

export interface SendMessageInput {
  client_id: string;
  content: string;
  reply_to_id?: string | undefined;
  thread_root_id?: string | undefined;
  also_send_to_room?: boolean | undefined;
  /** The sender's uploads to this room that the message carries. */
  attachment_ids?: string[] | undefined;
}

/** A member posts in a room; a retry with the same client id answers the original (created: false). */
export function createSendMessage(deps: SendMessageDeps) {
  const { db, changes, limits, roles, now, announce, announceThreadReply, references, protection, afterCreated } = deps;
  /** The message a send replies to: one of the same room that is not deleted. */
  async function checkedReplyTarget(roomId: string, messageId: string): Promise<MessageRow> {
    const original = isUuid(messageId) ? await messagesRepository(db).findInRoom(roomId, messageId) : undefined;
    if (!original) throw domainErrors.invalid(REPLY_NOT_IN_ROOM);
    if (original.deleted_at !== null) throw domainErrors.invalid(REPLY_TO_DELETED);
    return original;
  }

  return async function send(userId: string, roomId: string, input: SendMessageInput): Promise<SendOutcome> {
    // Membership, mute and slow mode, an earlier send with this client id, the sender's profile
    // and the protection's facts in one reading (membership, mute and slow mode once more under
    // the room lock).
    // The same-text window of the room's protection is judged on the text as it would be stored.
    const sameText = {
      content: sanitizeMessage(input.content),
      since: new Date(now() - DUPLICATE_WINDOW_MINUTES * 60_000).toISOString(),
    };
    const gate = await readSendCheck(db, roomId, userId, input.client_id, sameText);
    if (!gate) throw domainErrors.notFound(ROOM_NOT_FOUND);
    if (gate.member_id === null) throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
    // A retry of a send that already succeeded answers the original, whatever the limits say now.
    const existing =
      gate.existing_id === null ? undefined : await messagesRepository(db).findByClientId(userId, input.client_id);
    if (existing) return { message: (await presentMessages(db, [existing]))[0] as MessageDto, created: false };
    const author: AuthorRow | undefined =
      gate.profile_id === null
        ? undefined
        : {
            id: gate.profile_id,
            username: gate.username,
            display_name: gate.display_name,
            avatar_url: gate.avatar_url,
            github_username: gate.github_username,
          };

    const attachmentIds = checkedAttachmentIds(input.attachment_ids);
    // A message of files alone has no text; one with text follows the text's rules.
    const content =
      attachmentIds.length > 0 && sameText.content === '' ? '' : checkedContent(input.content, sameText.content);
    const replyTo = input.reply_to_id === undefined ? null : await checkedReplyTarget(roomId, input.reply_to_id);
    const root = input.thread_root_id === undefined ? null : await checkedThreadRoot(db, roomId, input.thread_root_id);
    const inRoom = root === null || input.also_send_to_room === true;
    // A muted member's attempts do not spend their sending budget.
    refuseIfMuted(gate.muted_until, now());
    // Moderators are exempt from slow mode; their role is only looked up when the room has it on.
    const exempt = gate.slow_mode_seconds > 0 && (await roles.isModerator(roomId, userId));
    if (!exempt) refuseIfTooSoon(gate.slow_mode_seconds, gate.last_sent_at, now());
    await limits.send(userId);
    const screening = protection
      ? await protection.screen(userId, roomId, content, gate)
      : { kind: 'publish' as const };
    if (screening.kind === 'hold') {
      const held = await protection!.hold(userId, roomId, {
        client_id: input.client_id,
        content,
        reply_to_id: replyTo?.id ?? null,
        thread_root_id: root?.id ?? null,
        in_room: inRoom,
        reason: screening.reason,
      });
      return { held };
    }

    let mentioned: string[] = [];
    let followerIds: string[] = [];
    const { result: sent, firstSeq } = await changes.commitSequenced(roomId, async (trx, nowIso) => {
      // Re-checked under the room lock: a concurrent leave, mute or message cannot slip past it.
      const locked = await readSendGate(trx, roomId, userId);
      if (!locked || locked.member_id === null) {
        throw await refusalFor(trx, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
      }
      refuseIfMuted(locked.muted_until, Date.parse(nowIso));
      if (!exempt) refuseIfTooSoon(locked.slow_mode_seconds, locked.last_sent_at, Date.parse(nowIso));
      const row: MessageRow = {
        id: timeOrderedId(now()),
        room_id: roomId,
        user_id: userId,
        client_id: input.client_id,
        content,
        created_at: nowIso,
        edited_at: null,
        deleted_at: null,
        removed_by: null,
        reply_to_id: replyTo?.id ?? null,
        thread_root_id: root?.id ?? null,
        in_room: inRoom,
      };
      const inserted = await messagesRepository(trx).insertIfAbsent(row);
      let message: MessageDto;
      const events: RoomEvent[] = [];
      if (inserted && attachmentIds.length > 0) {
        const taken = await messageAttachmentsRepository(trx).attach(row.id, roomId, userId, attachmentIds);
        if (taken !== attachmentIds.length) throw domainErrors.invalid(ATTACHMENT_ERRORS.notUsable);
      }
      if (inserted) {
        // The transaction writes the message and its events only: its mention rows, search words
        // and the sender's read position follow in the batch after the commit
        // (services/post-commit/). Whom it mentions is decided here, for the announcement.
        mentioned = await mentionsOf(trx, row);
        // A thread's summary stays here: thread.updated carries it as facts of this commit.
        if (root) {
          const recorded = await recordThreadReply(trx, root, row, mentioned);
          events.push(recorded.event);
          followerIds = recorded.followerIds;
        }
        // A message created a moment ago has no reactions yet: its author was read with the
        // gate (the author of the message it replies to is read again under the lock).
        if (row.reply_to_id !== null || root !== null || attachmentIds.length > 0) {
          message = (await presentMessages(trx, [row]))[0] as MessageDto;
        } else {
          message = toMessageDto(row, new Map(author ? [[userId, author]] : []), []);
        }
      } else {
        const stored = await messagesRepository(trx).findByClientId(userId, input.client_id);
        if (!stored) throw domainErrors.conflict('Message could not be saved, please retry');
        message = (await presentMessages(trx, [stored]))[0] as MessageDto;
      }
      return {
        result: { message, created: inserted },
        events: inserted ? [{ type: 'message.created', message }, ...events] : [],
      };
    });
    if (sent.created) {
      // A reply shown in its thread only does not raise the room's unread count: it counts under
      // "Threads" (its mentions are recorded and listed under "Mentions").
      if (inRoom) announce(sent.message, 'created', mentioned);
      // A thread-only reply raises no room activity, but its followers may be e-mailed.
      else afterCreated?.(publishedOf(sent.message), mentioned);
      // Its followers hear of a thread reply under "Threads" (sent to the room too or not).
      if (root) announceThreadReply(sent.message, root.id, followerIds, mentioned);
      // Resolved once the message is stored and acknowledged: sending never waits on GitHub.
      references?.afterSend(sent.message);
    }
    return { ...sent, seq: sent.created ? firstSeq : undefined };
  };
}
