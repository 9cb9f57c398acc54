import { setImmediate as nextTurn } from 'node:timers/promises';
import { MAX_REPLAY_EVENTS } from '../../shared/realtime/protocol';
import type { RoomLog } from '../services/room-events/room-access.service';
import type { ReplayPacer } from './replay-pacer';

/** One committed event ready to send: `json` is the presented RoomEvent document. */
export interface OutgoingEvent {
  seq: number;
  type: string;
  json: string;
  /** The encoded room.event frame, built by the first socket that sends it and shared by the rest. */
  frame?: Buffer;
}

export interface SubscriptionSink {
  readonly userId: string;
  /** Sends a committed event frame (never dropped; a socket that cannot keep up is closed). */
  sendEvent(roomId: string, event: OutgoingEvent): void;
  sendResync(roomId: string, lastSeq: number): void;
  /** The user's membership ended: stop delivering this room. */
  membershipEnded(roomId: string): void;
  /** Resolves once the socket has room for more (its unsent data is below the soft limit). */
  whenWritable(): Promise<void>;
}

export type { RoomLog } from '../services/room-events/room-access.service';

/** Live events held while the log is read; beyond this the log is simply read again. */
const MAX_QUEUED = 1000;
/**
 * A replay (or a gap) is read and sent this many events at a time. Between pages the
 * subscription yields to the event loop and waits until the socket has sent what it was given,
 * so a long replay neither holds the process nor piles up in one socket's buffer.
 */
export const REPLAY_PAGE_EVENTS = 100;

/**
 * Delivers one room's events to one socket strictly in sequence order, each once. Live events
 * arrive from the bus possibly late, out of order or not at all; whenever the next expected
 * number is missing, the room's event log (the source of truth) fills the gap. Replays at
 * subscribe time and on request use the same path, so a resumed client cannot miss or repeat.
 */
export class RoomSubscription {
  private last = 0;
  private running = false;
  private started = false;
  private closed = false;
  private queue: OutgoingEvent[] = [];
  private mustRead = false;
  private replayFrom: number | undefined;

  constructor(
    readonly roomId: string,
    private readonly sink: SubscriptionSink,
    private readonly log: RoomLog,
    private readonly onError: (error: unknown) => void,
    /** Shared by the process's sockets: bounds the pages read and sent in one turn. */
    private readonly pacer: ReplayPacer,
  ) {}

  /** Begins delivery after `afterSeq` (the client's last applied event, or the room's current seq). */
  start(afterSeq: number): void {
    this.started = true;
    this.replayFrom = afterSeq;
    this.kick();
  }

  /**
   * The client asks for everything after `afterSeq`. Events this socket has already been sent are
   * in flight on the same ordered stream, so they are not sent twice; only the rest of the log
   * follows. (To start over from an earlier point, a client subscribes again with after_seq.)
   */
  replay(afterSeq: number): void {
    if (this.closed) return;
    if (this.started && !this.running && afterSeq > this.last) this.replayFrom = afterSeq;
    this.mustRead = true;
    this.kick();
  }

  /** A live event from the bus. */
  offer(event: OutgoingEvent): void {
    if (this.closed) return;
    if (this.running || !this.started) {
      if (this.queue.length < MAX_QUEUED) this.queue.push(event);
      else this.mustRead = true;
      return;
    }
    if (event.seq <= this.last) return;
    if (event.seq === this.last + 1) {
      this.deliver(event);
      return;
    }
    this.queue.push(event);
    this.kick();
  }

  /** The log is known to reach `lastSeq`: read whatever of it this socket has not had yet. */
  catchUpTo(lastSeq: number): void {
    if (this.closed || !this.started || lastSeq <= this.last) return;
    this.mustRead = true;
    this.kick();
  }

  close(): void {
    this.closed = true;
    this.queue = [];
  }

  private kick(): void {
    if (this.running || this.closed || !this.started) return;
    this.running = true;
    this.pump()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.running = false;
        // Something arrived after the last look (or the read failed): look again.
        if (!this.closed && (this.replayFrom !== undefined || this.mustRead || this.hasDeliverable())) this.kick();
      });
  }

  private hasDeliverable(): boolean {
    return this.queue.some((e) => e.seq > this.last);
  }

  private async pump(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      if (this.replayFrom !== undefined) {
        const from = this.replayFrom;
        this.replayFrom = undefined;
        const current = await this.log.lastSeq();
        if (from > current || current - from > MAX_REPLAY_EVENTS) {
          // Too far behind (or ahead of a rebuilt log): the client refetches over HTTP.
          this.last = current;
          this.sink.sendResync(this.roomId, current);
          continue;
        }
        this.last = from;
        this.mustRead = true;
      }
      this.flushQueue();
      if (this.closed) return;
      const gap = this.queue.length > 0;
      if (!gap && !this.mustRead) return;
      this.mustRead = false;
      await this.pacer.nextPage();
      if (this.closed) return;
      const rows = await this.log.eventsAfter(this.last, REPLAY_PAGE_EVENTS);
      for (const row of rows) {
        if (this.closed) return;
        if (row.seq !== this.last + 1) break;
        this.deliver({ seq: row.seq, type: row.type, json: row.json });
      }
      if (rows.length === REPLAY_PAGE_EVENTS) {
        this.mustRead = true;
        // The next page waits for this one to leave: other work runs meanwhile.
        await nextTurn();
        await this.sink.whenWritable();
      } else if (rows.length === 0 && gap) {
        // Published events are committed, so the log always has them; never spin if it does not.
        this.onError(new Error(`room ${this.roomId}: live event ahead of the log at seq ${this.last}`));
        this.queue = [];
        return;
      }
    }
  }

  /** Sends the queued events that continue the sequence; keeps the ones after a gap. */
  private flushQueue(): void {
    if (this.queue.length === 0) return;
    this.queue.sort((a, b) => a.seq - b.seq);
    const rest: OutgoingEvent[] = [];
    for (const event of this.queue) {
      if (this.closed) return;
      if (event.seq <= this.last) continue;
      if (event.seq === this.last + 1) this.deliver(event);
      else rest.push(event);
    }
    this.queue = rest;
  }

  private deliver(event: OutgoingEvent): void {
    this.last = event.seq;
    this.sink.sendEvent(this.roomId, event);
    if (event.type === 'member.left' && leftUserOf(event.json) === this.sink.userId) {
      this.closed = true;
      this.sink.membershipEnded(this.roomId);
    }
  }
}

function leftUserOf(json: string): string | undefined {
  try {
    const value = JSON.parse(json) as { user_id?: unknown };
    return typeof value.user_id === 'string' ? value.user_id : undefined;
  } catch {
    return undefined;
  }
}
