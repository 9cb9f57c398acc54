import type { Logger } from 'pino';
import type { UserChannelMessage } from '../bus/channels';
import type { SocketConnection } from './socket-connection';

/**
 * Delivers the users channel on this process: a user's read position to all their sockets, a
 * room's activity to the sockets of its members, whether they are subscribed to the room or not
 * (sidebars count unread messages of rooms that are not open), and a thread's new reply to the
 * sockets of its followers. A new message reaches a socket
 * subscribed to its room as that room's event, and as activity only when it mentions the user.
 * Rooms are read once per user when their first socket connects here, and again when their
 * memberships change.
 */
export class ActivityWatchers {
  private readonly socketsByUser = new Map<string, Set<SocketConnection>>();
  private readonly roomsByUser = new Map<string, ReadonlySet<string>>();
  private readonly usersByRoom = new Map<string, Set<string>>();

  constructor(
    private readonly loadRooms: (userId: string) => Promise<string[]>,
    private readonly logger: Logger,
  ) {}

  add(client: SocketConnection): void {
    const sockets = this.socketsByUser.get(client.userId);
    if (sockets) {
      sockets.add(client);
      return;
    }
    this.socketsByUser.set(client.userId, new Set([client]));
    void this.refresh(client.userId);
  }

  remove(client: SocketConnection): void {
    const sockets = this.socketsByUser.get(client.userId);
    if (!sockets) return;
    sockets.delete(client);
    if (sockets.size > 0) return;
    this.socketsByUser.delete(client.userId);
    this.index(client.userId, new Set());
  }

  handle(message: UserChannelMessage): void {
    switch (message.type) {
      case 'read.updated':
      case 'notifications.updated': {
        const frame = Buffer.from(JSON.stringify(message.frame));
        for (const client of this.socketsByUser.get(message.user_id) ?? []) client.sendEncoded(frame, true);
        return;
      }
      case 'room.activity': {
        // Hints for counts (a missed one is healed by the next refetch): dropped first under pressure.
        const users = this.usersByRoom.get(message.frame.room_id);
        if (!users) return;
        const activity = message.frame;
        const mentioning = new Set(message.mentioned_user_ids);
        // Each user is told only whether the message mentions them: two encodings at most.
        const frames = new Map<boolean, Buffer>();
        const frameFor = (mentionsYou: boolean) => {
          let frame = frames.get(mentionsYou);
          if (!frame) {
            frame = Buffer.from(JSON.stringify({ ...activity, mentions_you: mentionsYou }));
            frames.set(mentionsYou, frame);
          }
          return frame;
        };
        for (const userId of users) {
          // A socket receiving the room's events learns of a new message from its event: the
          // activity is only its second frame, sent there only to those it mentions.
          const mentioned = mentioning.has(userId);
          for (const client of this.socketsByUser.get(userId) ?? []) {
            if (activity.kind === 'created' && !mentioned && client.receivesEventsOf(activity.room_id)) continue;
            client.sendEncoded(frameFor(mentioned), true);
          }
        }
        return;
      }
      case 'thread.activity': {
        // Followers who left the room since they followed are not told (their rooms are indexed here).
        const members = this.usersByRoom.get(message.frame.room_id);
        if (!members) return;
        const mentioning = new Set(message.mentioned_user_ids);
        const frames = new Map<boolean, Buffer>();
        for (const userId of message.follower_ids) {
          if (userId === message.frame.author_id || !members.has(userId)) continue;
          const mentionsYou = mentioning.has(userId);
          let frame = frames.get(mentionsYou);
          if (!frame) {
            frame = Buffer.from(JSON.stringify({ ...message.frame, mentions_you: mentionsYou }));
            frames.set(mentionsYou, frame);
          }
          for (const client of this.socketsByUser.get(userId) ?? []) client.sendEncoded(frame, true);
        }
        return;
      }
      case 'reports.changed':
      case 'held.changed': {
        const frame = Buffer.from(JSON.stringify(message.frame));
        for (const userId of message.user_ids) {
          for (const client of this.socketsByUser.get(userId) ?? []) client.sendEncoded(frame, true);
        }
        return;
      }
      case 'membership.changed':
        if (this.socketsByUser.has(message.user_id)) void this.refresh(message.user_id);
        return;
    }
  }

  private async refresh(userId: string): Promise<void> {
    try {
      const rooms = new Set(await this.loadRooms(userId));
      // The user may have gone while the rooms were read.
      if (this.socketsByUser.has(userId)) this.index(userId, rooms);
    } catch (error) {
      this.logger.warn({ err: error }, 'rooms of a connected user could not be read');
    }
  }

  private index(userId: string, rooms: ReadonlySet<string>): void {
    for (const roomId of this.roomsByUser.get(userId) ?? []) {
      const users = this.usersByRoom.get(roomId);
      users?.delete(userId);
      if (users?.size === 0) this.usersByRoom.delete(roomId);
    }
    if (rooms.size === 0) {
      this.roomsByUser.delete(userId);
      return;
    }
    this.roomsByUser.set(userId, rooms);
    for (const roomId of rooms) {
      const users = this.usersByRoom.get(roomId) ?? new Set<string>();
      users.add(userId);
      this.usersByRoom.set(roomId, users);
    }
  }
}
