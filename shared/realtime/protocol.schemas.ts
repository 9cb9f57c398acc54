import { z } from 'zod';
import { count, entityId, timestamp } from '../api/common.schemas';
import { NOTIFICATION_LEVELS } from '../api/notifications';
import { heldMessageDto } from '../api/protection.schemas';
import {
  gitHubReferenceDto,
  memberDto,
  messageDto,
  reactionDto,
  sendMessageBody,
  threadSummaryDto,
} from '../api/rooms.schemas';
import { activityKind, repoActivityDto } from '../api/repo-activity.schemas';
import { isUuid } from '../text';
import { REALTIME_ERROR_CODES } from './protocol';

/**
 * The frames of the WebSocket protocol (see protocol.ts for how it behaves): the commands the
 * server parses with, and the room events and server frames it sends, which the test suites check
 * every received frame against. protocol.ts infers the types from these.
 */

// ---- Room events: stored in the per-room log, each with the room's next sequence number ----
export const roomEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('message.created'), message: messageDto }),
  z.strictObject({ type: z.literal('message.updated'), message: messageDto }),
  z.strictObject({
    type: z.literal('message.deleted'),
    message_id: entityId,
    by_moderator: z.boolean().optional().describe('Removed by a moderator rather than deleted by its author.'),
  }),
  z
    .strictObject({
      type: z.literal('message.references'),
      message_id: entityId,
      references: z.array(gitHubReferenceDto),
    })
    .describe(
      "The GitHub references of a message were resolved, or GitHub now shows another title or state: `references` replaces the message's (an unresolved reference stays a plain link).",
    ),
  z.strictObject({ type: z.literal('reaction.added'), reaction: reactionDto }),
  z.strictObject({ type: z.literal('reaction.removed'), reaction: reactionDto }),
  z.strictObject({ type: z.literal('member.joined'), member: memberDto }),
  z.strictObject({ type: z.literal('member.left'), user_id: entityId }),
  z
    .strictObject({ type: z.literal('member.role_changed'), user_id: entityId, moderator: z.boolean() })
    .describe('A member became or stopped being a moderator (their GitHub access was read again).'),
  z
    .strictObject({ type: z.literal('member.muted'), user_id: entityId, muted_until: timestamp.nullable() })
    .describe('A moderator muted a member until `muted_until`, or lifted it (null).'),
  z
    .strictObject({ type: z.literal('member.banned'), user_id: entityId })
    .describe('A moderator banned someone (a `member.left` for them follows when they were in the room).'),
  z.strictObject({ type: z.literal('member.unbanned'), user_id: entityId }),
  z.strictObject({ type: z.literal('message.pinned'), message_id: entityId, pinned_at: timestamp }),
  z.strictObject({ type: z.literal('message.unpinned'), message_id: entityId }),
  z.strictObject({ type: z.literal('room.slow_mode_changed'), slow_mode_seconds: count }),
  z.strictObject({ type: z.literal('room.topic_changed'), topic: z.string() }),
  z
    .strictObject({ type: z.literal('room.activity_changed'), kinds: z.array(activityKind) })
    .describe('A moderator chose which of the repository\'s activity the room shows (none: "Off").'),
  z
    .strictObject({ type: z.literal('repo.activity'), activity: repoActivityDto })
    .describe('Something happened in the repository (a row of the timeline, never an unread message).'),
  z
    .strictObject({ type: z.literal('room.lock_changed'), locked: z.boolean() })
    .describe('A moderator locked the room (only moderators post) or unlocked it.'),
  z
    .strictObject({ type: z.literal('thread.updated'), root_id: entityId, thread: threadSummaryDto.nullable() })
    .describe(
      "A thread's summary changed: a reply was sent, edited away or deleted, or its answer was marked or unmarked. `thread` replaces the root's (null: no reply is left).",
    ),
]);

// ---- Client → server ----
const roomId = z.string().refine(isUuid, 'room_id must be a room id');
const seq = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const clientCommand = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('room.subscribe'), room_id: roomId, after_seq: seq.optional() })
    .describe(
      'Start receiving a room. With `after_seq`, first replays every event after it (in order); without it, delivery starts after the `last_seq` announced in `room.subscribed`. Subscribing again to the same room restarts it from the new point.',
    ),
  z.object({ type: z.literal('room.unsubscribe'), room_id: roomId }),
  z
    .object({ type: z.literal('room.replay'), room_id: roomId, after_seq: seq })
    .describe(
      'Make sure every event after `after_seq` reaches this socket (a client that saw a gap). Events already sent on this socket are in flight and not sent twice; to start over from an earlier point, send `room.subscribe` with `after_seq` again.',
    ),
  z
    .object({ type: z.literal('typing'), room_id: roomId })
    .describe(
      '"I am typing" (clients send it at most once per 1.8 s). The server relays at most one per 1.8 s per user and room, however many sockets the user has open; it drops the rest.',
    ),
  z.object({ type: z.literal('ping'), ref: z.string().max(100).optional() }),
  z
    .object({ type: z.literal('message.send'), room_id: roomId, ...sendMessageBody.shape })
    .describe(
      'Send a message, as `POST /api/rooms/{room_id}/messages` does with the same body: the same rules, limits and errors, and `client_id` makes a retry safe (over the socket or over HTTP). Answered to this socket with `message.sent` (or `message.held`), or an `error` carrying the `client_id`, the HTTP status and the message the HTTP route gives. A text too long for one frame (16 KiB) goes over HTTP.',
    ),
]);

/** The `type` of every command, to tell an unknown command from a malformed one. */
export const CLIENT_COMMAND_TYPES: ReadonlySet<string> = new Set(
  clientCommand.options.map((command) => command.shape.type.value),
);

// ---- Server → client ----
const onlineUserIds = z.array(entityId).describe('Sorted.');

export const serverFrame = z.discriminatedUnion('type', [
  z
    .strictObject({ type: z.literal('hello'), user_id: entityId, protocol: z.number().int() })
    .describe('The first frame on a socket: who it belongs to and the protocol version the server speaks.'),
  z
    .strictObject({
      type: z.literal('room.subscribed'),
      room_id: entityId,
      last_seq: count,
      online_user_ids: onlineUserIds,
    })
    .describe('Sent before any event of the room.'),
  z
    .strictObject({ type: z.literal('room.event'), room_id: entityId, seq: count, event: roomEvent })
    .describe('A committed room change. `seq` is gap-free per room: seq N+1 follows N.'),
  z
    .strictObject({ type: z.literal('room.resync'), room_id: entityId, last_seq: count })
    .describe('The gap is too large to replay: refetch the room over HTTP, then subscribe again.'),
  z
    .strictObject({ type: z.literal('presence'), room_id: entityId, online_user_ids: onlineUserIds })
    .describe(
      "The room's online users (users with at least one subscribed socket, on any server), whole: the list from here on.",
    ),
  z
    .strictObject({
      type: z.literal('presence.changed'),
      room_id: entityId,
      came_online: onlineUserIds,
      went_offline: onlineUserIds,
    })
    .describe(
      'Who came online and who went offline in the room since the previous presence frame, applied to the list of the last `presence` or `room.subscribed` frame.',
    ),
  z
    .strictObject({ type: z.literal('typing'), room_id: entityId, user_id: entityId, sent_at: count })
    .describe("Someone is typing; `sent_at` is the server's clock (ms) when the signal was relayed."),
  z.strictObject({ type: z.literal('pong'), ref: z.string().optional(), server_time: count }),
  z
    .strictObject({ type: z.literal('read.updated'), room_id: entityId, last_read_message_id: entityId })
    .describe("This user's read position in a room moved (from any of their tabs or devices)."),
  z
    .strictObject({ type: z.literal('notifications.updated'), room_id: entityId, level: z.enum(NOTIFICATION_LEVELS) })
    .describe('This user changed how they hear about a room (from any of their tabs or devices).'),
  z
    .strictObject({
      type: z.literal('room.activity'),
      room_id: entityId,
      message_id: entityId,
      author_id: entityId,
      mentions_you: z
        .boolean()
        .describe(
          'Whether the message mentions (or replies to) the user receiving this frame, as decided by their own ignore list. Frames never name the other people a message mentions.',
        ),
      kind: z.enum(['created', 'deleted']),
      author_name: z
        .string()
        .optional()
        .describe("A created message: its author's name (what a browser notification shows)."),
      excerpt: z.string().optional().describe('A created message: its first line.'),
    })
    .describe(
      "A message was created or deleted in one of this user's rooms: enough for unread counts and mention markers without receiving the room's events. A socket subscribed to the room learns of a new message from its `message.created` event; it gets this frame for it only when the message mentions the user (deletions always come).",
    ),
  z
    .strictObject({
      type: z.literal('thread.activity'),
      room_id: entityId,
      root_id: entityId.describe('The root message of the thread.'),
      message_id: entityId.describe('The new reply.'),
      author_id: entityId,
      mentions_you: z
        .boolean()
        .describe(
          'Whether the reply mentions (or replies to) the user receiving this frame, as decided by their own ignore list.',
        ),
      author_name: z.string().describe("The reply's author's name (what a browser notification shows)."),
      excerpt: z.string().describe("The reply's first line."),
    })
    .describe(
      'A new reply in a thread this user follows (in one of their rooms): for the "Threads" count and notifications. Replies shown in their thread only never raise a room\'s unread count, so this is how a follower hears of them, whether the room is open or not.',
    ),
  z
    .strictObject({ type: z.literal('reports.changed'), room_id: entityId, open_count: count })
    .describe("To the room's moderators only: the number of messages with open reports changed."),
  z
    .strictObject({
      type: z.literal('held.changed'),
      room_id: entityId,
      pending_count: count
        .optional()
        .describe('To the room\'s moderators: how many messages now wait for approval (the "Review" count).'),
      message_id: entityId.optional().describe("To a held message's author: the message that was reviewed."),
      status: z
        .enum(['approved', 'rejected'])
        .optional()
        .describe('To the author: published in its place, or not approved.'),
    })
    .describe(
      "Messages held for approval changed: the room's moderators get the new count, a held message's author the decision on it.",
    ),
  z
    .strictObject({
      type: z.literal('message.sent'),
      client_id: z.string(),
      room_id: entityId,
      message_id: entityId,
      seq: count.describe("The room sequence of the message's `message.created` event."),
      created: z.boolean().describe('false: a retry of a message already sent (HTTP answers 200 rather than 201).'),
      message: messageDto,
    })
    .describe('To the sender only: a `message.send` was stored (the room gets its `message.created` event).'),
  z
    .strictObject({ type: z.literal('message.held'), client_id: z.string(), room_id: entityId, held: heldMessageDto })
    .describe("To the sender only: the room's protection held a `message.send` for its moderators (HTTP 202)."),
  z.strictObject({
    type: z.literal('error'),
    code: z.enum(REALTIME_ERROR_CODES),
    message: z.string(),
    ref_type: z.string().optional(),
    client_id: z.string().optional().describe('A refused `message.send`: the `client_id` it carried.'),
    status: z
      .number()
      .int()
      .optional()
      .describe('A refused `message.send`: the status `POST /api/rooms/{id}/messages` answers for the same refusal.'),
    retry_after_seconds: z.number().int().min(0).optional().describe('A limit was reached: when to try again.'),
    reason: z.string().optional().describe('A machine-readable reason of a refusal (for example `muted`).'),
  }),
]);
