import { toast } from '../lib/toast';
import {
  CLOSE_CODES,
  PROTOCOL_VERSION,
  REALTIME_PATH,
  type ClientCommand,
  type RoomEvent,
  type ServerFrame,
} from '../../shared/realtime/protocol';
import { POLICY_FORGIVE_MS, policyDelay, reconnectDelay } from './realtime-backoff';
import { KeepAlive } from './realtime-keepalive';
import { acceptEvent, clearReplay, createRoomState, type RoomState } from './realtime-room';
import { activityOfCreated, changeOnline, rememberAnnounced, setOnline } from './realtime-room';
import type {
  CommandAnswer,
  ConnectionStatus,
  RealtimeClientOptions,
  RoomHandlers,
  SocketLike,
  UserFrame,
} from './realtime-types';

export type {
  CommandAnswer,
  ConnectionStatus,
  RealtimeClientOptions,
  RoomHandlers,
  SocketLike,
  UserFrame,
} from './realtime-types';

const OPEN = 1;
/**
 * One WebSocket per tab, shared by every open room. It carries committed room events (gap-free
 * per-room `seq`), ephemeral presence and typing signals, and messages sent while it is open
 * (`trySend`, `onAnswer`; realtime-send.ts falls back to HTTP otherwise).
 *
 * Guarantees to handlers: each event once and in order. Duplicates (seq ≤ last applied) are
 * dropped; an event past a gap is held back while the missing range is asked for with
 * `room.replay` (and, if that does not fill it, by subscribing again after the last applied
 * event); `room.resync` hands over to `onResync`. After a reconnect every room is
 * subscribed again with `after_seq` = its last applied sequence, so nothing is lost.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly rooms = new Map<string, RoomState>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private readonly userListeners = new Set<(frame: UserFrame) => void>();
  private readonly answerListeners = new Set<(answer: CommandAnswer | null) => void>();
  /**
   * New messages already announced to user listeners, and from where: the room's event (a socket
   * subscribed to the room gets no activity frame for it unless it mentions the user) or the
   * server's activity frame, which may follow the event when it carries a mention.
   */
  private readonly announced = new Map<string, 'event' | 'activity'>();
  private status: ConnectionStatus = 'closed';
  private attempts = 0;
  /** Policy closes in a row (none of the connections in between lasted POLICY_FORGIVE_MS). */
  private policyCloses = 0;
  private openedAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly keepAlive: KeepAlive;
  private stopped = false;
  private protocolMismatchReported = false;
  private readonly now: () => number;
  private readonly createSocket: (url: string) => SocketLike;

  constructor(private readonly options: RealtimeClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.keepAlive = new KeepAlive(this.now, options);
  }

  /** Starts receiving a room after `afterSeq`. Returns the function that stops it. */
  subscribe(roomId: string, afterSeq: number, handlers: RoomHandlers): () => void {
    const previous = this.rooms.get(roomId);
    if (previous?.replayTimer) clearTimeout(previous.replayTimer);
    const state = createRoomState(handlers, afterSeq);
    this.rooms.set(roomId, state);
    this.stopped = false;
    if (this.socket?.readyState === OPEN) this.send({ type: 'room.subscribe', room_id: roomId, after_seq: afterSeq });
    else this.connect();
    return () => {
      if (this.rooms.get(roomId) !== state) return;
      if (state.replayTimer) clearTimeout(state.replayTimer);
      this.rooms.delete(roomId);
      this.send({ type: 'room.unsubscribe', room_id: roomId });
      if (this.rooms.size === 0 && this.userListeners.size === 0) this.disconnect();
    };
  }

  /** Receives the user's own frames (read positions, activity); keeps the socket open meanwhile. */
  watchUser(listener: (frame: UserFrame) => void): () => void {
    this.userListeners.add(listener);
    this.stopped = false;
    if (!this.socket) this.connect();
    return () => {
      this.userListeners.delete(listener);
      if (this.rooms.size === 0 && this.userListeners.size === 0) this.disconnect();
    };
  }

  /** Tells the room this user is typing (callers throttle it). */
  sendTyping(roomId: string): void {
    this.send({ type: 'typing', room_id: roomId });
  }

  /** Sends a command now if the socket is open; false when it is not (nothing was sent). */
  trySend(command: ClientCommand): boolean {
    const open = this.socket?.readyState === OPEN;
    if (open) this.send(command);
    return open;
  }

  /** Hears the answers to commands sent, and `null` whenever the socket goes (no answer will come). */
  onAnswer(listener: (answer: CommandAnswer | null) => void): () => void {
    this.answerListeners.add(listener);
    return () => this.answerListeners.delete(listener);
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  lastSeq(roomId: string): number | undefined {
    return this.rooms.get(roomId)?.sequence.last;
  }

  /** Closes the socket and stops reconnecting until the next subscribe. */
  disconnect(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'done');
    }
    this.setStatus('closed');
  }

  private connect(): void {
    if (this.socket || this.reconnectTimer) return;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.openedAt = this.now();
      this.setStatus('open');
      for (const [roomId, room] of this.rooms) {
        room.pending.clear();
        room.replayFrom = null;
        this.send({ type: 'room.subscribe', room_id: roomId, after_seq: room.sequence.last });
      }
      this.startKeepAlive();
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      this.handleFrame(frame);
    };
    socket.onerror = () => {
      // The close event follows and drives the reconnect.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.setStatus('closed');
      // A server-ended session will not come back by reconnecting.
      if (event.code === CLOSE_CODES.sessionEnded || this.stopped) return;
      if (this.rooms.size === 0 && this.userListeners.size === 0) return;
      if (event.code === CLOSE_CODES.policyViolation) {
        this.policyCloses += 1;
        this.scheduleReconnect(policyDelay(this.policyCloses));
        return;
      }
      if (this.openedAt > 0 && this.now() - this.openedAt >= POLICY_FORGIVE_MS) this.policyCloses = 0;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(minimumDelay = 0): void {
    if (this.reconnectTimer || this.stopped) return;
    const delay = Math.max(minimumDelay, reconnectDelay(this.attempts));
    this.attempts += 1;
    this.setStatus('connecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private handleFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'room.event':
        this.handleEvent(frame.room_id, frame.seq, frame.event);
        return;
      case 'room.subscribed': {
        const room = this.rooms.get(frame.room_id);
        if (!room) return;
        setOnline(room, frame.online_user_ids);
        // The server replays after `after_seq` on its own (before or after this frame): ask again
        // only if those events have not arrived in a while.
        room.target = Math.max(room.target, frame.last_seq);
        if (room.sequence.last < room.target) this.armReplayCheck(frame.room_id, room);
        return;
      }
      case 'room.resync':
        void this.resync(frame.room_id);
        return;
      case 'presence':
        return setOnline(this.rooms.get(frame.room_id), frame.online_user_ids);
      case 'presence.changed':
        return changeOnline(this.rooms.get(frame.room_id), frame.came_online, frame.went_offline);
      case 'typing': {
        const room = this.rooms.get(frame.room_id);
        if (!room?.handlers.onTyping) return;
        // Without a measured offset the signal is taken as fresh (it was just received).
        const offset = this.keepAlive.clockOffset();
        const age = offset === null ? 0 : this.now() + offset - frame.sent_at;
        room.handlers.onTyping(frame.user_id, Math.max(0, age));
        return;
      }
      case 'pong':
        this.keepAlive.pong(frame.ref, frame.server_time);
        return;
      case 'hello':
        this.checkProtocol(frame.protocol);
        return;
      case 'room.activity':
        if (frame.kind === 'created') {
          if (this.announced.get(frame.message_id) === 'activity') return;
          rememberAnnounced(this.announced, frame.message_id, 'activity');
        }
        this.tellUser(frame);
        return;
      case 'message.sent':
      case 'message.held':
      case 'error':
        for (const listener of [...this.answerListeners]) listener(frame);
        return;
      case 'read.updated':
      case 'notifications.updated':
      case 'thread.activity':
      case 'reports.changed':
      case 'held.changed':
        this.tellUser(frame);
        return;
    }
  }

  private checkProtocol(serverVersion: number | undefined): void {
    if (serverVersion === PROTOCOL_VERSION || this.protocolMismatchReported) return;
    this.protocolMismatchReported = true;
    console.warn(
      `Realtime protocol mismatch: this page speaks version ${PROTOCOL_VERSION}, the server ${serverVersion ?? 'an unversioned one'}. Reload the page.`,
    );
    this.options.onProtocolMismatch?.(serverVersion);
  }

  private handleEvent(roomId: string, seq: number, event: RoomEvent): void {
    const room = this.rooms.get(roomId);
    if (!room || room.resyncing) return;
    const ready = acceptEvent(room, seq, event);
    if (ready === 'gap') {
      this.requestReplay(roomId, room);
      return;
    }
    for (const next of ready) this.apply(roomId, room, next.event, next.seq);
    if (room.sequence.last >= room.target) clearReplay(room);
  }

  private apply(roomId: string, room: RoomState, event: RoomEvent, seq: number): void {
    room.handlers.onEvent(event, seq);
    if (event.type !== 'message.created' || this.announced.has(event.message.id)) return;
    // What the server's activity frame would have said, for unread counts and notifications.
    const activity = activityOfCreated(roomId, event.message);
    if (!activity) return;
    rememberAnnounced(this.announced, event.message.id, 'event');
    this.tellUser(activity);
  }

  private tellUser(frame: UserFrame): void {
    for (const listener of this.userListeners) listener(frame);
  }

  private requestReplay(roomId: string, room: RoomState): void {
    if (room.replayFrom === room.sequence.last) return;
    room.replayFrom = room.sequence.last;
    this.send({ type: 'room.replay', room_id: roomId, after_seq: room.sequence.last });
    this.armReplayCheck(roomId, room);
  }

  /**
   * If the room is still behind `target` after a while, a replay did not fill the gap (the server
   * does not resend what it believes this socket already has): subscribe again after the last
   * applied event, which makes the server start over from there.
   */
  private armReplayCheck(roomId: string, room: RoomState): void {
    if (room.replayTimer) clearTimeout(room.replayTimer);
    room.replayTimer = setTimeout(() => {
      room.replayTimer = null;
      if (this.rooms.get(roomId) !== room || room.resyncing || room.sequence.last >= room.target) return;
      room.replayFrom = room.sequence.last;
      this.send({ type: 'room.subscribe', room_id: roomId, after_seq: room.sequence.last });
      this.armReplayCheck(roomId, room);
    }, this.options.replayRetryMs ?? 5000);
  }

  private async resync(roomId: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room || room.resyncing) return;
    room.resyncing = true;
    room.pending.clear();
    clearReplay(room);
    try {
      const lastSeq = await room.handlers.onResync();
      if (this.rooms.get(roomId) !== room) return;
      room.sequence.reset(lastSeq);
      room.target = Math.max(room.target, lastSeq);
      room.resyncing = false;
      this.send({ type: 'room.subscribe', room_id: roomId, after_seq: lastSeq });
    } catch {
      room.resyncing = false;
      // Try again from a fresh socket; the server answers resync again if still needed.
      this.socket?.close(4000, 'resync failed');
    }
  }

  private startKeepAlive(): void {
    this.keepAlive.start(
      (ref) => this.send({ type: 'ping', ref }),
      () => {
        // No answer: the connection is dead even if the browser has not noticed.
        const socket = this.socket;
        if (!socket) return;
        this.socket = null;
        socket.onclose = null;
        socket.close(4000, 'keep-alive timeout');
        this.clearTimers();
        this.setStatus('closed');
        this.scheduleReconnect();
      },
    );
  }

  private clearTimers(): void {
    this.keepAlive.stop();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    for (const room of this.rooms.values()) clearReplay(room);
  }

  private send(command: ClientCommand): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(command));
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    // Commands in flight on a socket that went get no answer: their senders go over HTTP.
    if (status !== 'open') for (const listener of [...this.answerListeners]) listener(null);
    for (const listener of this.statusListeners) listener(status);
  }
}

let shared: RealtimeClient | null = null;

/** The tab's realtime connection to `ws(s)://{host}/ws`. */
export function getRealtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient({
    url: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME_PATH}`,
    onProtocolMismatch: () =>
      toast.warning('RepoRooms has been updated', {
        description: 'Reload the page to keep receiving messages live.',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => window.location.reload() },
      }),
  });
  return shared;
}
