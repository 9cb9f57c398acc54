/** Messages between the capacity benchmark and its load-generator processes (IPC). */

/** How a message is sent: HTTP POST (what the browser does today) or a `message.send` socket command. */
export type SendMode = 'http' | 'socket';

export interface GeneratorUser {
  /** Position in the whole population: spreads each user's minute and picks this minute's senders. */
  index: number;
  id: string;
  cookie: string;
  /** Room indexes into `roomIds` of the init command. */
  rooms: number[];
}

export type HttpKind = 'state' | 'unread' | 'read' | 'send';
export const HTTP_KINDS: HttpKind[] = ['state', 'unread', 'read', 'send'];

export type CapacityCommand =
  | {
      cmd: 'init';
      /** The deployment's processes; each user's socket and requests go to one of them. */
      baseUrls: string[];
      roomIds: string[];
      sendMode: SendMode;
      /** Source address of this generator's connections (a loopback alias: its own ephemeral ports). */
      localAddress: string;
      /** Period of each user's cycle (open a room, maybe send): 60,000 ms. */
      cycleMs: number;
      /** Share of users who send in a cycle (0.1). */
      senderShare: number;
      /**
       * Read the unread counts again 300 ms after a message reaches the user's socket, as the
       * browser's sidebar does on every room event and activity frame (coalesced per 300 ms).
       */
      unreadOnDelivery: boolean;
    }
  | {
      cmd: 'grow';
      users: GeneratorUser[];
      /** Connected members per room once every generator has grown: a message's expected deliveries. */
      roomSizes: number[];
      connectsPerSecond: number;
    }
  | { cmd: 'reset' }
  | { cmd: 'read' }
  | { cmd: 'exit' };

export interface GeneratorStats {
  /** Sparse histograms ([bucket, count]). */
  delivery: Array<[number, number]>;
  /** Delivery as the room's event (subscribed sockets) and as activity (the member's other sockets). */
  deliveredEvents: number;
  deliveredActivity: number;
  http: Record<HttpKind, Array<[number, number]>>;
  httpFailures: Record<string, number>;
  roomOpens: number;
  sendsAccepted: number;
  /** Deliveries the accepted sends should cause: connected members of their rooms. */
  expectedDeliveries: number;
  typingFrames: number;
  pings: number;
  /** Sockets closed by the server (or dropped) in the window, by close code. */
  closes: Record<string, number>;
  openSockets: number;
}

export type CapacityEvent =
  | { evt: 'ready' }
  | { evt: 'grown'; open: number; failed: number; errors: Record<string, number> }
  | { evt: 'reset-done' }
  | { evt: 'stats'; stats: GeneratorStats }
  | { evt: 'error'; message: string };
