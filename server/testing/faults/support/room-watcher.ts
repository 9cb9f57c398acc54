import WebSocket from 'ws';
import type { ChatUser } from './chat-fixture';
import { messageIdOf } from './chat-fixture';

export interface AppliedEvent {
  seq: number;
  type: string;
  messageId: string | undefined;
}

export interface WatcherStats {
  connections: number;
  /** room.event frames whose seq was already applied (harmless if the client dedupes). */
  duplicateFrames: number;
  /** Times a frame skipped ahead and the watcher asked for a replay. */
  gapsSeen: number;
  resyncs: number;
  closeCodes: number[];
  errors: string[];
}

export interface WatcherOptions {
  /** Where the socket connects (a proxy may sit between); the Origin stays the product's. */
  wsUrl: string;
  origin: string;
  user: ChatUser;
  roomIds: string[];
  /** Reconnect (resuming with after_seq) whenever the socket closes. */
  reconnect: boolean;
}

/**
 * A chat client as the product's front end behaves: subscribes with after_seq, applies room
 * events strictly in sequence, asks for a replay on a gap, and resumes after reconnecting.
 */
export class RoomWatcher {
  readonly applied = new Map<string, AppliedEvent[]>();
  readonly stats: WatcherStats = {
    connections: 0,
    duplicateFrames: 0,
    gapsSeen: 0,
    resyncs: 0,
    closeCodes: [],
    errors: [],
  };
  private socket: WebSocket | undefined;
  private running = true;
  /** room → when the outstanding replay was asked for. */
  private readonly pendingReplay = new Map<string, number>();
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: WatcherOptions) {
    for (const roomId of options.roomIds) this.applied.set(roomId, []);
  }

  lastSeq(roomId: string): number {
    const events = this.applied.get(roomId) ?? [];
    return events.length === 0 ? 0 : (events[events.length - 1]?.seq ?? 0);
  }

  /** The underlying socket (tests pause it to simulate a slow reader). */
  get ws(): WebSocket | undefined {
    return this.socket;
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.options.wsUrl, {
        headers: { origin: this.options.origin, cookie: this.options.user.cookie },
        handshakeTimeout: 5000,
      });
      this.socket = ws;
      let opened = false;
      ws.on('open', () => {
        opened = true;
        this.stats.connections += 1;
        for (const roomId of this.options.roomIds) {
          this.send({ type: 'room.subscribe', room_id: roomId, after_seq: this.lastSeq(roomId) });
        }
        resolve();
      });
      ws.on('message', (data) => this.onFrame(data.toString()));
      ws.on('error', (error) => {
        this.stats.errors.push(error.message);
        if (!opened) reject(error);
      });
      ws.on('close', (code) => {
        this.stats.closeCodes.push(code);
        this.pendingReplay.clear();
        if (this.socket === ws) this.socket = undefined;
        if (this.running && this.options.reconnect) this.scheduleReconnect();
      });
    });
  }

  /** Closes for good (no reconnect). */
  close(): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    this.socket?.terminate();
  }

  /** Drops the connection; with `reconnect` it comes back and resumes by itself. */
  drop(): void {
    this.socket?.terminate();
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (!this.running || this.socket) return;
      this.connect().catch(() => {
        // The close handler schedules the next attempt.
      });
    }, 250);
  }

  private send(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private onFrame(text: string): void {
    let frame: { type?: string; room_id?: string; seq?: number; event?: unknown; last_seq?: number };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      this.stats.errors.push(`bad frame ${text.slice(0, 80)}`);
      return;
    }
    if (frame.type === 'room.resync') {
      this.stats.resyncs += 1;
      return;
    }
    // room.subscribed needs no action: subscribing with after_seq already replays what was missed.
    if (frame.type !== 'room.event' || !frame.room_id || typeof frame.seq !== 'number') return;
    const events = this.applied.get(frame.room_id);
    if (!events) return;
    const last = this.lastSeq(frame.room_id);
    if (frame.seq <= last) {
      this.stats.duplicateFrames += 1;
      return;
    }
    if (frame.seq > last + 1) {
      this.requestReplay(frame.room_id);
      return;
    }
    const event = frame.event as { type?: string } | undefined;
    events.push({ seq: frame.seq, type: event?.type ?? 'unknown', messageId: messageIdOf(event) });
    this.pendingReplay.delete(frame.room_id);
  }

  /** One outstanding replay per room: the answer streams every missing event in order. */
  private requestReplay(roomId: string): void {
    const askedAt = this.pendingReplay.get(roomId);
    // An answer lost with a dropped connection must not block later replays forever.
    if (askedAt !== undefined && Date.now() - askedAt < 2000) return;
    this.pendingReplay.set(roomId, Date.now());
    this.stats.gapsSeen += 1;
    this.send({ type: 'room.replay', room_id: roomId, after_seq: this.lastSeq(roomId) });
  }
}
