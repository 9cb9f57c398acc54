import type { Kysely } from 'kysely';
import type { MarkReadResponse, UnreadSummaryResponse } from '../../../shared/api/read-state';
import {
  DEFAULT_NOTIFICATION_LEVEL,
  NOTIFICATION_LEVELS,
  type MentionsPageResponse,
  type NotificationLevel,
  type NotificationLevelResponse,
} from '../../../shared/api/notifications';
import { mentionedHandles } from '../../../shared/mentions';
import { messageExcerpt } from '../../../shared/excerpt';
import { toUserSummaryDto } from '../messages/message.presenter';
import { decodeCursor, encodeCursor } from '../messages/message-cursor';
import type { EventBus } from '../../bus/event-bus';
import type { Database } from '../../db/schema';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import { readStateRepository, type UnreadRow } from '../../db/repositories/read-state.repository';
import { domainErrors, MESSAGE_NOT_FOUND, NOT_A_MEMBER } from '../../errors';
import { ROOM_NOT_FOUND } from '../room-events/room-change';
import { busChannels, publishOn } from '../../bus/channels';
import { createUnreadSummaryCache } from './unread-summary-cache';
import { mentionRecipients, type MentioningMessage } from './mention-recipients';
import { refusalFor } from '../moderation/bans';

export interface ReadStateDeps {
  db: Kysely<Database>;
  bus: EventBus;
  logger: { warn(object: unknown, message: string): void };
}

/** Read positions (they only move forward) and the unread counts built on them. */
export function createReadStateService({ db, bus, logger }: ReadStateDeps) {
  const positions = readStateRepository(db);
  const unreadCounts = createUnreadSummaryCache();
  const summaries = new WeakMap<readonly UnreadRow[], UnreadSummaryResponse>();

  const announce = (userId: string, roomId: string, messageId: string) =>
    publishOn(bus, busChannels.users, {
      type: 'read.updated',
      user_id: userId,
      frame: { type: 'read.updated', room_id: roomId, last_read_message_id: messageId },
    }).catch((error: unknown) => logger.warn({ err: error }, 'read position not announced'));

  return {
    async summary(userId: string): Promise<UnreadSummaryResponse> {
      const rows = await unreadCounts.summary(db, userId);
      // Unchanged counts come back as the same rows: answered with the same object.
      const known = summaries.get(rows);
      if (known) return known;
      const summary: UnreadSummaryResponse = {
        rooms: rows.map((row) => ({
          room_id: row.room_id,
          // A muted room shows no unread emphasis anywhere (sidebar, cards, the tab's title): only
          // its mentions count. Where it opens (the first unread message) stays as it is.
          unread_count: row.notification_level === 'mute' ? 0 : row.unread_count,
          mention_count: row.mention_count,
          last_read_message_id: row.read_message_id || null,
          first_unread_message_id: row.first_unread_id,
          notification_level: notificationLevelOf(row.notification_level),
        })),
      };
      summaries.set(rows, summary);
      return summary;
    },

    /** Moves the member's position to `messageId` when it is later; answers the position after. */
    async markRead(userId: string, roomId: string, messageId: string): Promise<MarkReadResponse> {
      const current = await positions.position(roomId, userId);
      if (!current) {
        if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
        throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
      }
      const message = await messagesRepository(db).findInRoom(roomId, messageId);
      if (!message) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      const moved = await positions.advance(roomId, userId, { created_at: message.created_at, id: message.id });
      if (moved) {
        await announce(userId, roomId, message.id);
        return { last_read_message_id: message.id };
      }
      const now = await positions.position(roomId, userId);
      return { last_read_message_id: now?.id || message.id };
    },

    /** Sets how the member hears about the room ('all', 'mentions' or 'mute'). */
    async setNotificationLevel(
      userId: string,
      roomId: string,
      level: NotificationLevel,
    ): Promise<NotificationLevelResponse> {
      if (!(await positions.setNotificationLevel(roomId, userId, level))) {
        if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
        throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
      }
      // The user's other tabs and devices follow (their unread summary holds the level).
      await publishOn(bus, busChannels.users, {
        type: 'notifications.updated',
        user_id: userId,
        frame: { type: 'notifications.updated', room_id: roomId, level },
      }).catch((error: unknown) => logger.warn({ err: error }, 'notification level not announced'));
      return { level };
    },

    /** The user's mentions (and replies to them) across their rooms, newest first, a page at a time. */
    async mentions(
      userId: string,
      request: { before?: string | undefined; limit: number },
    ): Promise<MentionsPageResponse> {
      const before = request.before === undefined ? null : decodeCursor(request.before);
      if (request.before !== undefined && !before) throw domainErrors.invalid('before: invalid cursor');
      const rows = await positions.mentionsPage(userId, before, request.limit + 1);
      const page = rows.slice(0, request.limit);
      const authors = await messagesRepository(db).findAuthors(page.map((row) => row.user_id));
      const last = page[page.length - 1];
      return {
        mentions: page.map((row) => ({
          message_id: row.message_id,
          room_id: row.room_id,
          room_name: row.repo_full_name,
          author: toUserSummaryDto(row.user_id, authors.get(row.user_id)),
          created_at: row.created_at,
          excerpt: messageExcerpt(row.content),
          unread: row.unread,
        })),
        next_cursor:
          rows.length > request.limit && last
            ? encodeCursor({ created_at: last.created_at, id: last.message_id })
            : null,
      };
    },

    /** The author has seen their own message: their position moves to it (and their tabs hear it). */
    async markOwnMessageRead(userId: string, message: { id: string; room_id: string; created_at: string }) {
      const moved = await positions.advance(message.room_id, userId, {
        created_at: message.created_at,
        id: message.id,
      });
      if (moved) await announce(userId, message.room_id, message.id);
    },
  };
}

export type ReadStateService = ReturnType<typeof createReadStateService>;

function notificationLevelOf(stored: string): NotificationLevel {
  return (NOTIFICATION_LEVELS as readonly string[]).includes(stored)
    ? (stored as NotificationLevel)
    : DEFAULT_NOTIFICATION_LEVEL;
}

/**
 * Stores whom a message reaches as a mention (decided by mentionRecipients) and answers them.
 * Runs inside the message's transaction, so counts never see a message without its mentions.
 */
/**
 * Whom a new message reaches as a mention, decided without writing anything: what the send's
 * announcement needs at once (the rows are recorded after the commit, services/post-commit/).
 */
export async function mentionsOf(db: Kysely<Database>, message: MentioningMessage): Promise<string[]> {
  if (message.reply_to_id === null && mentionedHandles(message.content).length === 0) return [];
  return mentionRecipients(db, message);
}

export async function recordMentions(
  db: Kysely<Database>,
  message: MentioningMessage & { created_at: string },
  { fresh = false }: { fresh?: boolean } = {},
): Promise<string[]> {
  // A message inserted in this transaction that names no one and answers nothing has no mentions
  // to record, nor any to replace.
  if (fresh && message.reply_to_id === null && mentionedHandles(message.content).length === 0) return [];
  const userIds = await mentionRecipients(db, message);
  const repository = readStateRepository(db);
  if (fresh) await repository.addMentions(message, userIds);
  else await repository.setMentions(message, userIds);
  return userIds;
}
