import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { EventBus } from '../../bus/event-bus';
import type { Database } from '../../db/schema';
import type { MemberRolesService } from '../moderation/member-roles.service';
import type { RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { createDeleteMessage } from './delete-message';
import { createEditMessage } from './edit-message';
import { createActivityAnnouncer, createThreadReplyAnnouncer, type AfterCreated } from './message-activity';
import { createMessagePages } from './message-pages';
import type { MessageReferencesService } from './message-references.service';
import type { AttachmentsService } from '../attachments/attachments.service';
import { createSendMessage, type SendProtection } from './send-message';

export type { MessagePageRequest } from './message-pages';

export interface MessagesServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  limits: Pick<ChatRateLimits, 'send' | 'edit' | 'moderate'>;
  roles: Pick<MemberRolesService, 'isModerator'>;
  bus: EventBus;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
  /** GitHub references of messages, resolved after sending and read again as pages are served. */
  references?: Pick<MessageReferencesService, 'afterSend' | 'keepForEdit' | 'afterEdit' | 'revalidate'>;
  /** Files in messages: their bytes are deleted from storage with the message. */
  attachments?: Pick<AttachmentsService, 'discard'>;
  /** Protection from spam: a send refused or held for the moderators (docs/PRODUCT.md §20). */
  protection?: SendProtection;
  /** Told of every message published and whom it reaches (e-mail for what they miss). */
  afterCreated?: AfterCreated;
}

/**
 * A room's messages: pages of history, and the commands on them, one module each (send, edit,
 * delete and remove; reactions are reactions.service.ts).
 */
export function createMessagesService(deps: MessagesServiceDeps) {
  const announce = createActivityAnnouncer(deps);
  const deleteMessage = createDeleteMessage({ ...deps, announce });
  return {
    list: createMessagePages(deps),
    send: createSendMessage({ ...deps, announce, announceThreadReply: createThreadReplyAnnouncer(deps) }),
    edit: createEditMessage(deps),
    /** The author deletes their own message. */
    delete: (userId: string, messageId: string) => deleteMessage(userId, messageId, 'author'),
    /** A moderator removes anyone's message: the same tombstone, marked as removed by a moderator. */
    remove: (moderatorId: string, messageId: string) => deleteMessage(moderatorId, messageId, 'moderator'),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
