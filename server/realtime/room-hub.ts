import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import { busChannels, publishOn, subscribeTo, type RoomBusMessage } from '../bus/channels';
import type { EventBus } from '../bus/event-bus';
import type { PresenceStore } from '../services/presence/presence-store';
import type { ServerFrame } from '../../shared/realtime/protocol';
import type { RoomSubscription } from './room-subscription';

/**
 * Presence notices arriving within this window are answered by one read and at most one frame
 * per socket: N sockets joining at once cost N frames, not N². The frame says who came online
 * and who went offline since the previous one, not the whole list: in a room with hundreds of
 * members online the list is tens of kilobytes, sent to each of them on every change.
 */
export const PRESENCE_COALESCE_MS = 250;

/** Rooms the periodic upkeep visits before it lets the event loop take a turn. */
const UPKEEP_ROOMS_PER_TURN = 50;

/** What the hub needs from a socket's subscription to one room. */
export interface HubMember {
  readonly userId: string;
  readonly subscription: RoomSubscription;
  /** `frame` is the encoded typing frame, shared by every recipient. */
  sendTyping(frame: Buffer): void;
  /**
   * `onlineUserIds` is the room's whole online list after this change; `frame`, when given, is the
   * encoded frame shared by the room (the whole list, or who came and went since the last frame).
   */
  sendPresence(roomId: string, onlineUserIds: string[], frame?: Buffer): void;
}

interface RoomState {
  members: Set<HubMember>;
  /** Sockets per user on this process: presence changes on 0 ↔ 1. */
  userSockets: Map<string, number>;
  busReady: Promise<() => Promise<void>>;
  /** The online list last sent to this process's sockets, and its key (the ids joined). */
  lastOnline: string[] | undefined;
  lastPresence: string | undefined;
  /**
   * Members that went online since the last presence read, with the key of the list they were
   * given then: changes are relative to the last list sent, which theirs may differ from.
   */
  fresh: Map<HubMember, string>;
  presenceCheck: Promise<void>;
  /** A coalesced presence re-read is pending. */
  presenceTimer: NodeJS.Timeout | undefined;
}

/**
 * This process's view of the rooms its sockets watch: one bus subscription per room, fan-out of
 * room events and typing to local sockets, and presence bookkeeping.
 */
export class RoomHub {
  private readonly rooms = new Map<string, RoomState>();
  /** Each watched room's last sequence in the log at the previous upkeep (see housekeeping). */
  private readonly tailSeen = new Map<string, number>();

  constructor(
    private readonly bus: EventBus,
    private readonly presence: PresenceStore,
    private readonly logger: Logger,
    /** The room's committed sequence (from the database), for the periodic tail check. */
    private readonly lastSeqOf: (roomId: string) => Promise<number | undefined>,
    /**
     * Drops this process's presentations of the room's logged events (the replies' quotes of an
     * edited or deleted message; a room no socket here watches hears of no edit).
     */
    private readonly forgetPresented: (roomId: string) => void = () => undefined,
  ) {}

  /** Starts receiving the room's bus traffic for this member; resolves once the bus listens. */
  async attach(roomId: string, member: HubMember): Promise<void> {
    let room = this.rooms.get(roomId);
    if (!room) {
      const state: RoomState = {
        members: new Set(),
        userSockets: new Map(),
        busReady: subscribeTo(this.bus, busChannels.room(roomId), (message) => this.onBusMessage(roomId, message)),
        lastOnline: undefined,
        lastPresence: undefined,
        fresh: new Map(),
        presenceCheck: Promise.resolve(),
        presenceTimer: undefined,
      };
      room = state;
      this.rooms.set(roomId, state);
      state.busReady.catch((error: unknown) => {
        this.logger.warn({ err: error, roomId }, 'room bus subscription failed');
      });
    }
    room.members.add(member);
    // Without the bus (Redis away) the room still works, more slowly: the tail check delivers.
    await room.busReady.catch(() => undefined);
  }

  /** Marks the member online (after it is attached). Returns the room's online users. */
  async goOnline(roomId: string, member: HubMember): Promise<string[]> {
    const room = this.rooms.get(roomId);
    if (!room) return [];
    const count = room.userSockets.get(member.userId) ?? 0;
    room.userSockets.set(member.userId, count + 1);
    try {
      if (count === 0) {
        await this.presence.add(roomId, member.userId);
        await this.announcePresence(roomId);
      }
      const online = await this.presence.online(roomId);
      room.fresh.set(member, online.join(','));
      return online;
    } catch (error) {
      // Shared presence unreachable: this process's own view is the best answer there is.
      this.logger.warn({ err: error, roomId }, 'presence store unavailable');
      const online = [...room.userSockets.keys()].sort();
      room.fresh.set(member, online.join(','));
      return online;
    }
  }

  /** Stops delivering the room to this member; the last one out releases the bus channel. */
  async detach(roomId: string, member: HubMember): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room || !room.members.delete(member)) return;
    room.fresh.delete(member);
    member.subscription.close();
    const count = room.userSockets.get(member.userId) ?? 0;
    let wentOffline = false;
    if (count <= 1) {
      wentOffline = count === 1;
      room.userSockets.delete(member.userId);
    } else room.userSockets.set(member.userId, count - 1);
    if (room.members.size === 0) {
      this.rooms.delete(roomId);
      this.forgetPresented(roomId);
      clearTimeout(room.presenceTimer);
      const unsubscribe = await room.busReady.catch(() => undefined);
      await unsubscribe?.().catch(() => undefined);
    }
    if (wentOffline) {
      try {
        await this.presence.remove(roomId, member.userId);
      } catch (error) {
        // The claim expires by itself (PRESENCE_TTL_MS) once it is no longer refreshed.
        this.logger.warn({ err: error, roomId }, 'presence removal failed');
      }
      await this.announcePresence(roomId);
    }
  }

  /** Ephemeral: a typing signal that cannot be published is simply not shown. */
  publishTyping(roomId: string, userId: string, sentAt: number): void {
    publishOn(this.bus, busChannels.room(roomId), { kind: 'typing', user_id: userId, sent_at: sentAt }).catch(
      () => undefined,
    );
  }

  /**
   * Periodic upkeep: re-asserts this process's presence claims, notices users who vanished
   * elsewhere, and compares every watched room with its log so that an event whose bus message
   * was lost reaches sockets even when no later event comes to reveal the gap.
   */
  async housekeeping(): Promise<void> {
    const pairs: Array<[string, string]> = [];
    for (const [roomId, room] of this.rooms) for (const userId of room.userSockets.keys()) pairs.push([roomId, userId]);
    await this.presence.refresh(pairs).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'presence refresh failed');
    });
    for (const roomId of this.tailSeen.keys()) if (!this.rooms.has(roomId)) this.tailSeen.delete(roomId);
    let visited = 0;
    for (const roomId of [...this.rooms.keys()]) {
      // With the database in the process, a room's reads finish without a turn of the event loop:
      // thousands of rooms would be one long turn that deliveries and requests wait behind.
      visited += 1;
      if (visited % UPKEEP_ROOMS_PER_TURN === 0) await nextTurn();
      await this.checkPresence(roomId);
      const lastSeq = await this.lastSeqOf(roomId).catch(() => undefined);
      const room = this.rooms.get(roomId);
      if (lastSeq === undefined || !room) continue;
      // The tail read one round ago: an event committed by then and still not sent is lost, while
      // one committed a moment ago may still be on its way over the bus (with Redis, a round trip
      // after its commit). Reading that one again would send every socket of the room to the log
      // at once and hold the room's next live events behind those reads.
      const settled = this.tailSeen.get(roomId);
      this.tailSeen.set(roomId, lastSeq);
      if (settled === undefined) continue;
      for (const member of room.members) member.subscription.catchUpTo(settled);
    }
  }

  /** The rooms with a member's socket on this process. */
  roomIds(): string[] {
    return [...this.rooms.keys()];
  }

  roomCount(): number {
    return this.rooms.size;
  }

  private async announcePresence(roomId: string): Promise<void> {
    try {
      await publishOn(this.bus, busChannels.room(roomId), { kind: 'presence' });
    } catch (error) {
      this.logger.warn({ err: error, roomId }, 'presence publish failed');
    }
  }

  private onBusMessage(roomId: string, message: RoomBusMessage): void {
    const room = this.rooms.get(roomId);
    if (!room) return;
    if (message.kind === 'event') {
      if (message.type === 'message.updated' || message.type === 'message.deleted') this.forgetPresented(roomId);
      // One object for the whole room: the first socket to send it encodes the frame for all.
      const outgoing = { seq: message.seq, type: message.type, json: message.json };
      for (const member of room.members) member.subscription.offer(outgoing);
    } else if (message.kind === 'typing') {
      let frame: Buffer | undefined;
      for (const member of room.members) {
        if (member.userId === message.user_id) continue;
        frame ??= encodeFrame({ type: 'typing', room_id: roomId, user_id: message.user_id, sent_at: message.sent_at });
        member.sendTyping(frame);
      }
    } else if (!room.presenceTimer) {
      room.presenceTimer = setTimeout(() => {
        room.presenceTimer = undefined;
        void this.checkPresence(roomId);
      }, PRESENCE_COALESCE_MS);
      room.presenceTimer.unref();
    }
  }

  /**
   * Reads the room's online list and tells local sockets when it changed (one check at a time):
   * who came and went since the last list sent, and the whole list to sockets that went online
   * since then with a list other than it.
   */
  private checkPresence(roomId: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room) return Promise.resolve();
    room.presenceCheck = room.presenceCheck.then(async () => {
      try {
        const online = await this.presence.online(roomId);
        const key = online.join(',');
        const changed = key !== room.lastPresence;
        const previous = room.lastOnline;
        const fresh = room.fresh;
        room.fresh = new Map();
        room.lastOnline = online;
        room.lastPresence = key;
        let whole: Buffer | undefined;
        const wholeFrame = () =>
          (whole ??= encodeFrame({ type: 'presence', room_id: roomId, online_user_ids: online }));
        const change = changed && previous ? presenceChange(roomId, previous, online) : undefined;
        for (const member of room.members) {
          const given = fresh.get(member);
          if (given !== undefined) {
            if (given !== key) member.sendPresence(roomId, online, wholeFrame());
          } else if (changed) member.sendPresence(roomId, online, change ?? wholeFrame());
        }
      } catch (error) {
        this.logger.warn({ err: error, roomId }, 'presence read failed');
      }
    });
    return room.presenceCheck;
  }
}

/** The frame saying who came online and who went offline between two sorted lists. */
function presenceChange(roomId: string, before: readonly string[], after: readonly string[]): Buffer {
  const was = new Set(before);
  const is = new Set(after);
  return encodeFrame({
    type: 'presence.changed',
    room_id: roomId,
    came_online: after.filter((id) => !was.has(id)),
    went_offline: before.filter((id) => !is.has(id)),
  });
}

function encodeFrame(frame: ServerFrame): Buffer {
  return Buffer.from(JSON.stringify(frame));
}
