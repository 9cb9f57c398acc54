import type { RoomEvent, ServerFrame } from '../../shared/realtime/protocol';

// The realtime client's contract with its callers (client/api/realtime.ts).

/** What a room subscriber receives. Events arrive exactly once, in sequence order. */
export interface RoomHandlers {
  onEvent(event: RoomEvent, seq: number): void;
  /**
   * The server cannot replay the gap: refetch the room's state over HTTP and resolve with the
   * sequence number that state reflects; the client then subscribes after it.
   */
  onResync(): Promise<number>;
  onPresence?(onlineUserIds: string[]): void;
  /** `ageMs` is how long ago the server relayed the signal, on our best estimate of its clock. */
  onTyping?(userId: string, ageMs: number): void;
}

export type ConnectionStatus = 'connecting' | 'open' | 'closed';

/** The subset of the browser WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeClientOptions {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  now?: () => number;
  /** Keep-alive period; a pong must arrive within `pongTimeoutMs` or the socket is replaced. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  /** A gap that a replay has not filled after this long is asked for again. */
  replayRetryMs?: number;
  /**
   * The server speaks another protocol version than this page (it was deployed while the page was
   * open). Called once per client, after a console warning.
   */
  onProtocolMismatch?(serverVersion: number | undefined): void;
}

/**
 * Frames about the signed-in user across all their rooms (read positions, activity, replies in
 * followed threads, reports and held messages for moderators, decisions on one's held messages).
 */
export type UserFrame = Extract<
  ServerFrame,
  {
    type:
      | 'read.updated'
      | 'notifications.updated'
      | 'room.activity'
      | 'thread.activity'
      | 'reports.changed'
      | 'held.changed';
  }
>;

/** What answers a command sent over the socket: a send's acknowledgement, or a refusal. */
export type CommandAnswer = Extract<ServerFrame, { type: 'message.sent' | 'message.held' | 'error' }>;
