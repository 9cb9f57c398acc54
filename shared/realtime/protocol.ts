import type { NotificationLevel } from '../api/notifications';
import type { MemberDto, MessageDto, ReactionDto } from '../api/rooms';
import type { GitHubReferenceDto } from '../github-references';

/**
 * WebSocket protocol on /ws. Client→server frames are commands, server→client frames are facts.
 * Every frame is one JSON object with a `type`. Frames over 16 KiB close the socket (1009).
 *
 * The handshake needs the session cookie (401 without) and the site's own Origin (403 otherwise).
 * Only active members may subscribe to a room (`error` forbidden / not_found otherwise).
 * Delivery guarantee per subscription: `room.event` frames arrive in seq order, each once, with
 * no gaps (the server fills gaps from its log, even when the bus between servers loses one);
 * `room.replay` re-sends on request, so clients may still dedupe with `shared/realtime/sequence`.
 * Leaving the room ends delivery after the user's own `member.left` event.
 * Closes: 1001 server shutting down, 1008 policy (too many frames from this socket or user, or
 * too many open sockets: reconnect only after a long pause), 1009 frame too big, 4001 session
 * ended (signed out or expired: do not reconnect), 4008 too slow to keep up (reconnect and resume
 * with after_seq).
 */

// ---- Room events: stored in the per-room log, each with the room's next sequence number ----
export type RoomEvent =
  | { type: 'message.created'; message: MessageDto }
  | { type: 'message.updated'; message: MessageDto }
  /** `by_moderator`: removed by a moderator rather than deleted by its author. */
  | { type: 'message.deleted'; message_id: string; by_moderator?: boolean }
  /**
   * The GitHub references of a message were resolved, or GitHub now shows another title or state:
   * `references` replaces the message's (an unresolved reference stays a plain link).
   */
  | { type: 'message.references'; message_id: string; references: GitHubReferenceDto[] }
  | { type: 'reaction.added'; reaction: ReactionDto }
  | { type: 'reaction.removed'; reaction: ReactionDto }
  | { type: 'member.joined'; member: MemberDto }
  | { type: 'member.left'; user_id: string }
  /** A member became or stopped being a moderator (their GitHub access was read again). */
  | { type: 'member.role_changed'; user_id: string; moderator: boolean }
  /** A moderator muted a member until `muted_until`, or lifted it (null). */
  | { type: 'member.muted'; user_id: string; muted_until: string | null }
  /** A moderator banned someone (a `member.left` for them follows when they were in the room). */
  | { type: 'member.banned'; user_id: string }
  | { type: 'member.unbanned'; user_id: string }
  | { type: 'message.pinned'; message_id: string; pinned_at: string }
  | { type: 'message.unpinned'; message_id: string }
  | { type: 'room.slow_mode_changed'; slow_mode_seconds: number }
  | { type: 'room.topic_changed'; topic: string };

// ---- Client → server ----
export type ClientCommand =
  /**
   * Start receiving a room. With `after_seq`, first replays every event after it (in order);
   * without it, delivery starts after the `last_seq` announced in `room.subscribed`. Subscribing
   * again to the same room restarts it from the new point.
   */
  | { type: 'room.subscribe'; room_id: string; after_seq?: number }
  | { type: 'room.unsubscribe'; room_id: string }
  /**
   * Make sure every event after `after_seq` reaches this socket (a client that saw a gap). Events
   * already sent on this socket are in flight and not sent twice; to start over from an earlier
   * point, send `room.subscribe` with `after_seq` again.
   */
  | { type: 'room.replay'; room_id: string; after_seq: number }
  /**
   * "I am typing" (clients send it at most once per 1.8 s). The server relays at most one per
   * 1.8 s per user and room, however many sockets the user has open; it drops the rest.
   */
  | { type: 'typing'; room_id: string }
  | { type: 'ping'; ref?: string };

/**
 * The version of this protocol, sent in `hello`. A client that reads another version is older or
 * newer than the server it reached (a deployment happened while the page was open): it reloads.
 */
export const PROTOCOL_VERSION = 1;

// ---- Server → client ----
export type ServerFrame =
  /** The first frame on a socket: who it belongs to and the protocol version the server speaks. */
  | { type: 'hello'; user_id: string; protocol: number }
  /** Sent before any event of the room; `online_user_ids` is sorted. */
  | { type: 'room.subscribed'; room_id: string; last_seq: number; online_user_ids: string[] }
  /** A committed room change. `seq` is gap-free per room: seq N+1 follows N. */
  | { type: 'room.event'; room_id: string; seq: number; event: RoomEvent }
  /** The gap is too large to replay: refetch the room over HTTP, then subscribe again. */
  | { type: 'room.resync'; room_id: string; last_seq: number }
  /** The room's online users changed (users with at least one subscribed socket, on any server). */
  | { type: 'presence'; room_id: string; online_user_ids: string[] }
  /** Someone is typing; `sent_at` is the server's clock (ms) when the signal was relayed. */
  | { type: 'typing'; room_id: string; user_id: string; sent_at: number }
  | { type: 'pong'; ref?: string; server_time: number }
  /** This user's read position in a room moved (from any of their tabs or devices). */
  | { type: 'read.updated'; room_id: string; last_read_message_id: string }
  /** This user changed how they hear about a room (from any of their tabs or devices). */
  | { type: 'notifications.updated'; room_id: string; level: NotificationLevel }
  /**
   * A message was created or deleted in one of this user's rooms: enough for unread counts and
   * mention markers without receiving the room's events. A socket subscribed to the room learns of
   * a new message from its `message.created` event; it gets this frame for it only when the
   * message mentions the user (deletions always come).
   */
  | {
      type: 'room.activity';
      room_id: string;
      message_id: string;
      author_id: string;
      mentioned_user_ids: string[];
      kind: 'created' | 'deleted';
      /** A created message: its author's name and first line (what a browser notification shows). */
      author_name?: string;
      excerpt?: string;
    }
  /** To the room's moderators only: the number of messages with open reports changed. */
  | { type: 'reports.changed'; room_id: string; open_count: number }
  | { type: 'error'; code: RealtimeErrorCode; message: string; ref_type?: string };

export type RealtimeErrorCode =
  'bad_frame' | 'unknown_type' | 'not_found' | 'forbidden' | 'rate_limited' | 'too_many_subscriptions' | 'internal';

/** Close codes besides the standard ones. */
export const CLOSE_CODES = {
  goingAway: 1001,
  policyViolation: 1008,
  tooBig: 1009,
  sessionEnded: 4001,
  slowConsumer: 4008,
} as const;

export const REALTIME_PATH = '/ws';
export const MAX_FRAME_BYTES = 16 * 1024;
/** Replays longer than this answer `room.resync` instead. */
export const MAX_REPLAY_EVENTS = 500;
