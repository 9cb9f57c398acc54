import type { z } from 'zod';
import type { clientCommand, roomEvent, serverFrame } from './protocol.schemas';

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
 * `message.send` is the HTTP send over the socket (same rules, errors and client-id idempotency):
 * answered to the sender with `message.sent` / `message.held`, or an `error` with the `client_id`
 * and the HTTP route's status and message.
 * Closes: 1001 server shutting down, 1008 policy (too many frames from this socket or user, or
 * too many open sockets: reconnect only after a long pause), 1009 frame too big, 4001 session
 * ended (signed out or expired: do not reconnect), 4008 too slow to keep up (reconnect and resume
 * with after_seq).
 */

// The frames are defined as schemas in protocol.schemas.ts; these are their types.

/** Room events: stored in the per-room log, each with the room's next sequence number. */
export type RoomEvent = z.infer<typeof roomEvent>;

/** Client → server. */
export type ClientCommand = z.infer<typeof clientCommand>;

/**
 * The version of this protocol, sent in `hello`. A client that reads another version is older or
 * newer than the server it reached (a deployment happened while the page was open): it reloads.
 */
export const PROTOCOL_VERSION = 3;

/** Server → client. */
export type ServerFrame = z.infer<typeof serverFrame>;

export const REALTIME_ERROR_CODES = [
  'bad_frame',
  'unknown_type',
  'not_found',
  'forbidden',
  'rate_limited',
  'too_many_subscriptions',
  'validation_failed',
  'conflict',
  'unavailable',
  'internal',
] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

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
