import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { CLOSE_CODES, type RealtimeErrorCode, type ServerFrame } from '../../shared/realtime/protocol';
import type { HubMember } from './room-hub';
import type { OutgoingEvent, RoomSubscription, SubscriptionSink } from './room-subscription';

/** Beyond this much unsent data, ephemeral frames (typing, presence) are dropped. */
export const SOFT_BUFFER_BYTES = 256 * 1024;
/** Beyond this, the socket cannot keep up and is closed (4008) rather than buffered without end. */
export const HARD_BUFFER_BYTES = 2 * 1024 * 1024;

export interface BufferLimits {
  softBytes: number;
  hardBytes: number;
}

export interface SocketRoomListener extends HubMember {
  /** False until room.subscribed has been sent: earlier presence is held back. */
  ready: boolean;
  heldPresence: string[] | undefined;
}

/** How long a socket closed for abuse is kept before it is cut (its close frame has left by then). */
const POLICY_LINGER_MS = 1000;

/** How often a paused replay looks whether its socket has drained. */
const DRAIN_POLL_MS = 20;

/** One connected socket: its identity, its room subscriptions and a guarded send. */
export class SocketConnection implements SubscriptionSink {
  readonly rooms = new Map<string, SocketRoomListener>();
  alive = true;
  /** Commands are handled one at a time, in arrival order. */
  commandQueue: Promise<void> = Promise.resolve();
  pendingCommands = 0;
  /** Told of every room event frame written to this socket (metrics). */
  onEventWritten: ((roomId: string, seq: number) => void) | undefined;
  private closing = false;
  private corked = false;
  private readonly flush = (): void => {
    this.corked = false;
    this.connection.uncork();
  };

  constructor(
    readonly ws: WebSocket,
    /** The upgraded connection `ws` writes to: held back while a turn's frames are written. */
    private readonly connection: Pick<Duplex, 'cork' | 'uncork'>,
    readonly userId: string,
    readonly sessionId: string,
    private readonly onMembershipEnded: (client: SocketConnection, roomId: string) => void,
    private readonly limits: BufferLimits = { softBytes: SOFT_BUFFER_BYTES, hardBytes: HARD_BUFFER_BYTES },
  ) {}

  send(frame: ServerFrame, ephemeral = false): void {
    this.sendText(JSON.stringify(frame), ephemeral);
  }

  sendError(
    code: RealtimeErrorCode,
    message: string,
    refType?: string,
    /** A refused `message.send`: its client id and the HTTP route's status for the refusal. */
    refusal?: Omit<Extract<ServerFrame, { type: 'error' }>, 'type' | 'code' | 'message' | 'ref_type'>,
  ): void {
    this.send({ type: 'error', code, message, ...(refType ? { ref_type: refType } : {}), ...refusal });
  }

  sendEvent(roomId: string, event: OutgoingEvent): void {
    // The stored event document is spliced in as is, and the encoded frame is shared by every
    // socket of the room: one build per event, not one per recipient.
    event.frame ??= Buffer.from(
      `{"type":"room.event","room_id":${JSON.stringify(roomId)},"seq":${event.seq},"event":${event.json}}`,
    );
    this.sendText(event.frame, false);
    if (this.onEventWritten && !this.closing && this.ws.readyState === this.ws.OPEN)
      this.onEventWritten(roomId, event.seq);
  }

  /** Sends a frame already encoded for many sockets (typing, presence). */
  sendEncoded(frame: Buffer, ephemeral: boolean): void {
    this.sendText(frame, ephemeral);
  }

  sendResync(roomId: string, lastSeq: number): void {
    this.send({ type: 'room.resync', room_id: roomId, last_seq: lastSeq });
  }

  /** Subscribed to the room, with its events flowing (after `room.subscribed`). */
  receivesEventsOf(roomId: string): boolean {
    return this.rooms.get(roomId)?.ready === true;
  }

  whenWritable(): Promise<void> {
    if (!this.isBackedUp()) return Promise.resolve();
    // ws has no public drain event; a short poll is cheap for the few sockets that are behind.
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        if (this.isBackedUp()) return;
        clearInterval(timer);
        resolve();
      }, DRAIN_POLL_MS);
    });
  }

  membershipEnded(roomId: string): void {
    this.onMembershipEnded(this, roomId);
  }

  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    for (const membership of this.rooms.values()) membership.subscription.close();
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
    // A peer that never answers the close handshake is cut off.
    setTimeout(() => this.ws.terminate(), 5000).unref();
  }

  /**
   * Closes for abuse (1008): nothing more is read from the peer, whose frames would only be
   * parsed to be dropped, and the connection is cut soon after the close frame has gone out.
   */
  closeForPolicy(reason: string): void {
    if (this.closing) return;
    this.close(CLOSE_CODES.policyViolation, reason);
    this.ws.pause();
    setTimeout(() => this.ws.terminate(), POLICY_LINGER_MS).unref();
  }

  get isClosing(): boolean {
    return this.closing;
  }

  /** Open with more unsent data than the soft limit (a closed socket is never waited for). */
  private isBackedUp(): boolean {
    return !this.closing && this.ws.readyState === this.ws.OPEN && this.ws.bufferedAmount > this.limits.softBytes;
  }

  private sendText(text: string | Buffer, ephemeral: boolean): void {
    if (this.closing || this.ws.readyState !== this.ws.OPEN) return;
    const buffered = this.ws.bufferedAmount;
    if (buffered > this.limits.hardBytes) {
      this.close(CLOSE_CODES.slowConsumer, 'too slow to keep up');
      return;
    }
    if (ephemeral && buffered > this.limits.softBytes) return;
    // Every frame written to this socket in the current turn leaves in one system call: under
    // load a commit carries several events of a room, and each would otherwise be its own write.
    if (!this.corked) {
      this.corked = true;
      this.connection.cork();
      process.nextTick(this.flush);
    }
    // Always a text frame, also when the JSON comes as a shared buffer.
    this.ws.send(text, { binary: false });
  }
}

export function createRoomListener(client: SocketConnection, subscription: RoomSubscription): SocketRoomListener {
  const membership: SocketRoomListener = {
    userId: client.userId,
    subscription,
    ready: false,
    heldPresence: undefined,
    sendTyping(frame) {
      client.sendEncoded(frame, true);
    },
    sendPresence(roomId, online, frame) {
      if (!membership.ready) {
        membership.heldPresence = online;
        return;
      }
      if (frame) client.sendEncoded(frame, true);
      else client.send({ type: 'presence', room_id: roomId, online_user_ids: online }, true);
    },
  };
  return membership;
}
