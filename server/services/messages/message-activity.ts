import type { Logger } from 'pino';
import type { MessageDto } from '../../../shared/api/rooms';
import { displayName } from '../../../shared/display-name';
import { messageExcerpt } from '../../../shared/excerpt';
import type { EventBus } from '../../bus/event-bus';
import { busChannels, publishOn } from '../../bus/channels';

/** Told of every message published and whom it reaches (e-mail for what people miss). */
export type AfterCreated = (
  message: { room_id: string; created_at: string; user_id?: string; thread_root_id?: string | undefined },
  mentioned: string[],
) => void;

export function publishedOf(message: Pick<MessageDto, 'room_id' | 'created_at' | 'user_id' | 'thread_root_id'>) {
  return {
    room_id: message.room_id,
    created_at: message.created_at,
    user_id: message.user_id,
    thread_root_id: message.thread_root_id ?? undefined,
  };
}

export type AnnounceActivity = (
  message: Pick<MessageDto, 'id' | 'room_id' | 'user_id'> &
    Partial<Pick<MessageDto, 'author' | 'content' | 'created_at' | 'thread_root_id'>>,
  kind: 'created' | 'deleted',
  mentioned: string[],
) => void;

export type AnnounceThreadReply = (
  reply: Pick<MessageDto, 'id' | 'room_id' | 'user_id' | 'author' | 'content'>,
  rootId: string,
  followerIds: string[],
  mentioned: string[],
) => void;

/** Tells the followers' sockets of a new reply in a thread ("Threads" count, notifications). */
export function createThreadReplyAnnouncer({ bus, logger }: { bus: EventBus; logger: Pick<Logger, 'warn'> }) {
  const announce: AnnounceThreadReply = (reply, rootId, followerIds, mentioned) => {
    if (followerIds.every((id) => id === reply.user_id)) return;
    void publishOn(bus, busChannels.users, {
      type: 'thread.activity',
      follower_ids: followerIds,
      mentioned_user_ids: mentioned,
      frame: {
        type: 'thread.activity',
        room_id: reply.room_id,
        root_id: rootId,
        message_id: reply.id,
        author_id: reply.user_id,
        author_name: displayName(reply.author, 'Someone'),
        excerpt: messageExcerpt(reply.content),
      },
    }).catch((error: unknown) => logger.warn({ err: error }, 'thread reply not announced'));
  };
  return announce;
}

/** Tells the room's members' sockets (open room or not) so unread counts and markers follow. */
export function createActivityAnnouncer({
  bus,
  logger,
  afterCreated,
}: {
  bus: EventBus;
  logger: Pick<Logger, 'warn'>;
  /** Told of every message published in a room and whom it reaches (e-mail for what they miss). */
  afterCreated?: AfterCreated | undefined;
}) {
  const announce: AnnounceActivity = (message, kind, mentioned) => {
    if (kind === 'created' && afterCreated && message.created_at !== undefined) {
      afterCreated(publishedOf(message as MessageDto), mentioned);
    }
    const author = message.author;
    void publishOn(bus, busChannels.users, {
      type: 'room.activity',
      // Decided by each mentioned person's own ignore list (recordMentions); never sent to anyone.
      mentioned_user_ids: mentioned,
      frame: {
        type: 'room.activity',
        room_id: message.room_id,
        message_id: message.id,
        author_id: message.user_id,
        kind,
        ...(author ? { author_name: displayName(author, 'Someone') } : {}),
        ...(message.content !== undefined ? { excerpt: messageExcerpt(message.content) } : {}),
      },
    }).catch((error: unknown) => logger.warn({ err: error }, 'room activity not announced'));
  };
  return announce;
}
