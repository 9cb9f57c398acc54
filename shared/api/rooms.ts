import type { z } from 'zod';
// Request and answer types come from the schemas in rooms.schemas.ts (types only: no zod in the client).
import type {
  banDto,
  bansResponse,
  editMessageBody,
  joinRoomBody,
  joinRoomResponse,
  memberDto,
  membersResponse,
  messageDto,
  messageResponse,
  messagesPageResponse,
  muteResponse,
  myRoomsResponse,
  pinnedMessageDto,
  pinsResponse,
  reactionBody,
  reactionDto,
  replyQuoteDto,
  threadAnswerDto,
  threadSummaryDto,
  roomActivityResponse,
  roomDetailsResponse,
  roomDto,
  roomSummaryDto,
  sendMessageBody,
  siteStatsResponse,
  slowModeResponse,
  toggleReactionResponse,
  topicResponse,
  userSummaryDto,
} from './rooms.schemas';
/** Chat rooms, membership and messages: the JSON API contract (server and client). */

export type UserSummaryDto = z.infer<typeof userSummaryDto>;

export type RoomDto = z.infer<typeof roomDto>;

/** A room in the user's lists (sidebar, 'Continue your chats'). */
export type RoomSummaryDto = z.infer<typeof roomSummaryDto>;

export type MemberDto = z.infer<typeof memberDto>;

export type ReactionDto = z.infer<typeof reactionDto>;

export type MessageDto = z.infer<typeof messageDto>;

/**
 * The compact quote of a replied-to message: its author and first line. A deleted (or removed)
 * original keeps its place with `deleted: true` and no text ('Original message was deleted').
 */
export type ReplyQuoteDto = z.infer<typeof replyQuoteDto>;
export type ThreadSummaryDto = z.infer<typeof threadSummaryDto>;
export type ThreadAnswerDto = z.infer<typeof threadAnswerDto>;

/** A send with a reply_to_id that is not a message of the room: 400 with this message. */
export const REPLY_NOT_IN_ROOM = 'You can only reply to a message of this room';
/** A send replying to a deleted message: 400 with this message. */
export const REPLY_TO_DELETED = 'That message was deleted';

/**
 * POST /api/rooms/join {repoFullName} and POST /api/rooms/:roomId/join → 200.
 * 400 when repoFullName is not owner/name; 401 signed out; 404 unknown room id;
 * 429 after 5 joins in an hour ('Please wait {n} seconds before joining another room').
 * A repository without a room yet is checked on GitHub first: 404 'Repository not found on GitHub'
 * when it does not exist (or is blocked), 503 when GitHub cannot answer; the room takes GitHub's
 * spelling of the name.
 * Joining a room you are already an active member of is a no-op (not rate limited, joined_at kept).
 */
export type JoinRoomRequest = z.input<typeof joinRoomBody>;
export type JoinRoomResponse = z.infer<typeof joinRoomResponse>;

/** GET /api/rooms/:roomId → 200 (404 when the room does not exist) */
export type RoomDetailsResponse = z.infer<typeof roomDetailsResponse>;

/** GET /api/rooms/:roomId/members → active members, newest join first (any signed-in user) */
export type MembersResponse = z.infer<typeof membersResponse>;

/** GET /api/me/rooms?limit=N → the caller's active rooms, newest join first */
export type MyRoomsResponse = z.infer<typeof myRoomsResponse>;

/**
 * GET /api/rooms/:roomId/messages (any signed-in user), limit ≤ 100, default 50, and at most one of:
 * - nothing: the newest page;
 * - `before=CURSOR`: the page of older messages (from `next_cursor`);
 * - `after=CURSOR`: the page of newer messages (from `newer_cursor`), oldest first;
 * - `around=MESSAGE_ID`: a page with that message in the middle (a linked or first unread
 *   message); a deleted message still has its place there, as a tombstone. 404 when the room has
 *   no such message.
 * `messages` are in ascending time order within the page.
 */
export type MessagesPageResponse = z.infer<typeof messagesPageResponse>;

/** POST /api/rooms/:roomId/messages → 201 (200 when `client_id` was already sent: the original) */
export type SendMessageRequest = z.input<typeof sendMessageBody>;
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * PATCH /api/messages/:messageId {content} → 200 (a blank edit is ignored: the message unchanged).
 * 429 after 10 edits a minute ('Please wait {n} seconds before editing another message').
 */
export type EditMessageRequest = z.input<typeof editMessageBody>;

/** DELETE /api/messages/:messageId (no body needed) → 204 */

/**
 * POST /api/messages/:messageId/remove → 204: a moderator removes anyone's
 * message (its text is gone from storage and replays; everyone sees 'Message removed by a
 * moderator'). 403 for anyone who is not a moderator of the room; 404 for a message already deleted.
 */

/**
 * POST /api/messages/:messageId/reactions {emoji} → toggles the caller's reaction.
 * 429 after 30 toggles a minute ('Please wait {n} seconds before reacting again').
 */
export type ToggleReactionRequest = z.input<typeof reactionBody>;
export type ToggleReactionResponse = z.infer<typeof toggleReactionResponse>;

/** POST /api/rooms/:roomId/leave → 204 */

/** How long a moderator mutes a member for: '10 minutes', '1 hour' or '24 hours'. */
export const MUTE_DURATIONS = { '10m': 10 * 60_000, '1h': 60 * 60_000, '24h': 24 * 60 * 60_000 } as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS;
export const MUTE_DURATION_LABELS: Record<MuteDuration, string> = {
  '10m': '10 minutes',
  '1h': '1 hour',
  '24h': '24 hours',
};

/**
 * POST /api/rooms/:roomId/mutes {user_id, duration: '10m' | '1h' | '24h'} → 200 {muted_until}:
 * a moderator mutes an active member (not another moderator: 403). Until then the member's posts,
 * reactions and edits in the room answer 403 'You are muted in this room' (reason `muted`).
 * DELETE /api/rooms/:roomId/mutes/:userId → 204 lifts it. Both moderators only.
 */
export type MuteResponse = z.infer<typeof muteResponse>;
export const MUTED_MESSAGE = 'You are muted in this room';

/**
 * POST /api/rooms/:roomId/bans {user_id} → 204: a moderator bans someone who has been a member
 * (not another moderator): their membership ends (member.banned, then member.left) and joining
 * again answers 403 'You are banned from this room'. DELETE /api/rooms/:roomId/bans/:userId
 * → 204 lifts it (they may join again). GET /api/rooms/:roomId/bans → the
 * 'Banned' list. All three moderators only.
 */
export type BanDto = z.infer<typeof banDto>;
export type BansResponse = z.infer<typeof bansResponse>;
export const BANNED_MESSAGE = 'You are banned from this room';

/** GET /api/stats → home page tiles */
export type SiteStatsResponse = z.infer<typeof siteStatsResponse>;

/**
 * GET /api/rooms/activity?repos=owner/a,owner/b (public, up to 100 names) → the rooms of those
 * repositories, keyed by the full name as asked. Repositories without a room are absent.
 */
export type RoomActivityResponse = z.infer<typeof roomActivityResponse>;

/** A room keeps at most this many pinned messages. */
export const PINNED_MESSAGES_MAX = 50;
export const PINNED_LIMIT_MESSAGE = `A room can have at most ${PINNED_MESSAGES_MAX} pinned messages`;

/**
 * POST /api/messages/:messageId/pin → 204 and DELETE /api/messages/:messageId/pin
 * → 204: moderators pin and unpin (message.pinned / message.unpinned events);
 * 409 past PINNED_MESSAGES_MAX. GET /api/rooms/:roomId/pins (any signed-in user) → the room's
 * pinned messages, newest pin first; a deleted message drops out.
 */
export type PinnedMessageDto = z.infer<typeof pinnedMessageDto>;
export type PinsResponse = z.infer<typeof pinsResponse>;

/** The slow-mode choices, in seconds: off, 10 s, 30 s, 60 s, 5 min. */
export const SLOW_MODE_CHOICES = [0, 10, 30, 60, 300] as const;
export type SlowModeSeconds = (typeof SLOW_MODE_CHOICES)[number];
export const SLOW_MODE_LABELS: Record<SlowModeSeconds, string> = {
  0: 'off',
  10: '10 s',
  30: '30 s',
  60: '60 s',
  300: '5 min',
};

/**
 * PUT /api/rooms/:roomId/slow-mode {seconds: 0 | 10 | 30 | 60 | 300} → 200 {slow_mode_seconds}
 * (moderators only; room.slow_mode_changed event). While it is on, a member's message sooner
 * than that after their previous one answers 429 'Slow mode is on: please wait {n} seconds before
 * sending another message'.
 */
export type SlowModeResponse = z.infer<typeof slowModeResponse>;

export const TOPIC_MAX = 200;
/**
 * PUT /api/rooms/:roomId/topic {topic} → 200 {topic} (moderators only; room.topic_changed event).
 * One line: line breaks become spaces, at most TOPIC_MAX characters; '' clears it.
 */
export type TopicResponse = z.infer<typeof topicResponse>;
