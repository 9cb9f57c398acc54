import type { ServerFrame } from '../../../shared/realtime/protocol';
import type { EventBus } from '../../bus/event-bus';

/**
 * Bus channel for what concerns users rather than one room's subscribers: read positions moving
 * (to that user's sockets on every process) and activity in a room (to the sockets of its members,
 * subscribed or not), and membership changes that tell processes to re-read a user's rooms.
 */
export const USERS_CHANNEL = 'users';

type ActivityFrame = Extract<ServerFrame, { type: 'room.activity' }>;

/**
 * Activity as it travels between processes: the frame without its reader's part, and whom the
 * message reaches as a mention. Each process sends each user their own frame, saying only whether
 * it mentions them (`mentions_you`): the list never leaves the server, since who is missing from
 * it would tell who ignores the author.
 */
export interface ActivityNotice {
  type: 'room.activity';
  mentioned_user_ids: string[];
  frame: Omit<ActivityFrame, 'mentions_you'>;
}
type ReadFrame = Extract<ServerFrame, { type: 'read.updated' }>;
type NotificationsFrame = Extract<ServerFrame, { type: 'notifications.updated' }>;
type ReportsFrame = Extract<ServerFrame, { type: 'reports.changed' }>;

export type UserChannelMessage =
  | { type: 'read.updated'; user_id: string; frame: ReadFrame }
  | { type: 'notifications.updated'; user_id: string; frame: NotificationsFrame }
  | ActivityNotice
  | { type: 'membership.changed'; user_id: string }
  /** To these users' sockets only (a room's moderators). */
  | { type: 'reports.changed'; user_ids: string[]; frame: ReportsFrame };

export async function publishToUsers(bus: EventBus, message: UserChannelMessage): Promise<void> {
  await bus.publish(USERS_CHANNEL, JSON.stringify(message));
}

export function parseUserChannelMessage(raw: string): UserChannelMessage | null {
  try {
    const value = JSON.parse(raw) as Partial<UserChannelMessage>;
    // Activity from a process of an older version carried the list inside its frame: dropped
    // (counts heal on the next refetch) rather than passed on to every reader.
    if (value.type === 'room.activity' && !Array.isArray(value.mentioned_user_ids)) return null;
    if (
      value.type === 'read.updated' ||
      value.type === 'notifications.updated' ||
      value.type === 'room.activity' ||
      value.type === 'membership.changed' ||
      value.type === 'reports.changed'
    ) {
      return value as UserChannelMessage;
    }
    return null;
  } catch {
    return null;
  }
}
