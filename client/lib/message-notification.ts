import { DEFAULT_NOTIFICATION_LEVEL, type NotificationLevel } from '../../shared/api/notifications';
import type { ServerFrame } from '../../shared/realtime/protocol';

export type ActivityFrame = Extract<ServerFrame, { type: 'room.activity' }>;
export type ThreadActivityFrame = Extract<ServerFrame, { type: 'thread.activity' }>;

export interface NotificationContext {
  /** The signed-in user. */
  userId: string;
  /** How they hear about the frame's room (undefined: not known yet, the default applies). */
  level: NotificationLevel | undefined;
  /** The tab is hidden: a visible tab shows the message itself. */
  hidden: boolean;
  /** The room's repository (owner/name), when known. */
  roomName: string | undefined;
  /** People the user ignores: their messages never notify, whatever the room's level. */
  ignoredIds?: ReadonlySet<string> | undefined;
}

export interface MessageNotification {
  title: string;
  body: string;
  roomId: string;
  messageId: string;
}

/**
 * The one place the browser decides whether a new message raises a notification: the server has
 * decided whether it reaches this user as a mention (mentions and replies, `mentions_you`); here a
 * mention notifies in any room (muted ones too), any other message only in a room set to
 * "All messages", and only while the tab is hidden. Never for one's own messages, nor for those
 * of someone the user ignores.
 */
export function messageNotification(frame: ActivityFrame, context: NotificationContext): MessageNotification | null {
  if (frame.kind !== 'created' || frame.author_id === context.userId || !context.hidden) return null;
  if (context.ignoredIds?.has(frame.author_id)) return null;
  const mentioned = frame.mentions_you;
  if (!mentioned && context.level !== 'all') return null;
  const author = frame.author_name || 'Someone';
  return {
    title: `${context.roomName ?? 'RepoRooms'} · ${author}`,
    body: frame.excerpt ?? '',
    roomId: frame.room_id,
    messageId: frame.message_id,
  };
}

/**
 * Whether a new reply in a thread the user follows raises a notification (the tab hidden, not
 * their own, not from someone they ignore): in a room set to "All messages" always, in one set to
 * "Mentions only" (the default) when it mentions them, in a muted room never.
 */
export function threadReplyNotification(
  frame: ThreadActivityFrame,
  context: NotificationContext,
): MessageNotification | null {
  if (frame.author_id === context.userId || !context.hidden) return null;
  if (context.ignoredIds?.has(frame.author_id)) return null;
  const level = context.level ?? DEFAULT_NOTIFICATION_LEVEL;
  if (level === 'mute' || (level === 'mentions' && !frame.mentions_you)) return null;
  return {
    title: `${context.roomName ?? 'RepoRooms'} · ${frame.author_name || 'Someone'} in a thread`,
    body: frame.excerpt,
    roomId: frame.room_id,
    messageId: frame.message_id,
  };
}
