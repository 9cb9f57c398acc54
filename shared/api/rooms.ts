import type { z } from 'zod';
// Request types come from the schemas the server validates with (types only: no zod in the client).
import type { GitHubReferenceDto } from '../github-references';
import type { editMessageBody, joinRoomBody, reactionBody, sendMessageBody } from './rooms.schemas';
/** Chat rooms, membership and messages: the JSON API contract (server and client). */

export interface UserSummaryDto {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  /**
   * The person's GitHub login: who they are. Shown beside the username wherever the two differ,
   * so a username cannot pass for someone else's login. Null when the account's login has been
   * taken over by another account since; absent in events logged before it was added.
   */
  github_login?: string | null;
}

export interface RoomDto {
  id: string;
  title: string;
  repo_full_name: string;
  created_by: string;
  last_activity_at: string;
  created_at: string;
  /** Slow mode: least seconds between one member's messages (0 = off; moderators are exempt). Always sent. */
  slow_mode_seconds?: number;
  /** One line under the room header, set by moderators ('' = none). Always sent. */
  topic?: string;
}

/** A room in the user's lists (sidebar, 'Continue your chats'). */
export interface RoomSummaryDto extends RoomDto {
  joined_at: string;
}

export interface MemberDto {
  user: UserSummaryDto;
  joined_at: string;
  /**
   * A moderator of the room: GitHub gives them admin or maintain access to its repository, or
   * they own it (shown as 'Maintainer'). Absent in events logged before roles existed.
   */
  moderator?: boolean;
  /**
   * Muted by a moderator until then (ISO): no posting, reacting or editing in this room. Null or
   * a past time: not muted. Absent in events logged before mutes existed.
   */
  muted_until?: string | null;
}

export interface ReactionDto {
  id: string;
  message_id: string;
  user_id: string;
  emoji: string;
  /**
   * Who reacted, for the 'who reacted' list of a chip. Always sent; absent only in events logged
   * before it was added (the client then falls back to the member list).
   */
  user?: UserSummaryDto;
}

export interface MessageDto {
  id: string;
  room_id: string;
  user_id: string;
  /** The id the sending client chose; lets a client reconcile its optimistic copy. */
  client_id: string;
  content: string;
  created_at: string;
  edited_at: string | null;
  /**
   * True for a message its author deleted: history keeps it in place as a tombstone with empty
   * `content` and no reactions, shown as 'This message was deleted'.
   */
  deleted: boolean;
  /** A deleted message that a moderator removed: shown as 'Message removed by a moderator'. */
  removed_by_moderator?: boolean;
  author: UserSummaryDto;
  reactions: ReactionDto[];
  /**
   * The GitHub issues and pull requests the text refers to that GitHub answered for, with title
   * and state. Absent until resolved (a moment after sending) and when there are none; a
   * `message.references` event brings them and any later change.
   */
  references?: GitHubReferenceDto[];
  /** The message this one replies to, as its quote shows it; absent when it is not a reply. */
  reply_to?: ReplyQuoteDto;
}

/**
 * The compact quote of a replied-to message: its author and first line. A deleted (or removed)
 * original keeps its place with `deleted: true` and no text ('Original message was deleted').
 */
export interface ReplyQuoteDto {
  message_id: string;
  user_id: string;
  author: UserSummaryDto;
  excerpt: string;
  deleted: boolean;
}

/** A send with a reply_to_id that is not a message of the room: 400 with this message. */
export const REPLY_NOT_IN_ROOM = 'You can only reply to a message of this room';
/** A send replying to a deleted message: 400 with this message. */
export const REPLY_TO_DELETED = 'That message was deleted';

/**
 * POST /api/rooms/join {repoFullName} and POST /api/rooms/:roomId/join {} → 200.
 * 400 when repoFullName is not owner/name; 401 signed out; 404 unknown room id;
 * 429 after 5 joins in an hour ('Please wait {n} seconds before joining another room').
 * A repository without a room yet is checked on GitHub first: 404 'Repository not found on GitHub'
 * when it does not exist (or is blocked), 503 when GitHub cannot answer; the room takes GitHub's
 * spelling of the name.
 * Joining a room you are already an active member of is a no-op (not rate limited, joined_at kept).
 */
export type JoinRoomRequest = z.input<typeof joinRoomBody>;
export interface JoinRoomResponse {
  room: RoomDto;
  /** True when this call created the room. */
  created: boolean;
}

/** GET /api/rooms/:roomId → 200 (404 when the room does not exist) */
export interface RoomDetailsResponse {
  room: RoomDto;
  /** The caller's membership; null when never joined. `left_at` null means active. */
  membership: { joined_at: string; left_at: string | null } | null;
  member_count: number;
  /** Highest event sequence number: subscribe with it to get only newer events. */
  last_seq: number;
  /** Whether the caller moderates this room (re-read from GitHub when older than 10 minutes). */
  moderator: boolean;
}

/** GET /api/rooms/:roomId/members → active members, newest join first (any signed-in user) */
export interface MembersResponse {
  members: MemberDto[];
}

/** GET /api/me/rooms?limit=N → the caller's active rooms, newest join first */
export interface MyRoomsResponse {
  rooms: RoomSummaryDto[];
}

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
export interface MessagesPageResponse {
  messages: MessageDto[];
  /** Fetches the older messages before this page; null when the page starts at the first one. */
  next_cursor: string | null;
  /** Fetches the newer messages after this page; null when the page ends at the newest one. */
  newer_cursor: string | null;
  /**
   * The room's event sequence, read just before the page: subscribe with after_seq = last_seq.
   * Events replayed after it may already be reflected in the page, so apply them idempotently
   * (message.created: upsert by id).
   */
  last_seq: number;
}

/** POST /api/rooms/:roomId/messages → 201 (200 when `client_id` was already sent: the original) */
export type SendMessageRequest = z.input<typeof sendMessageBody>;
export interface MessageResponse {
  message: MessageDto;
}

/**
 * PATCH /api/messages/:messageId {content} → 200 (a blank edit is ignored: the message unchanged).
 * 429 after 10 edits a minute ('Please wait {n} seconds before editing another message').
 */
export type EditMessageRequest = z.input<typeof editMessageBody>;

/** DELETE /api/messages/:messageId (JSON body {}) → 204 */

/**
 * POST /api/messages/:messageId/remove (JSON body {}) → 204: a moderator removes anyone's
 * message (its text is gone from storage and replays; everyone sees 'Message removed by a
 * moderator'). 403 for anyone who is not a moderator of the room; 404 for a message already deleted.
 */

/**
 * POST /api/messages/:messageId/reactions {emoji} → toggles the caller's reaction.
 * 429 after 30 toggles a minute ('Please wait {n} seconds before reacting again').
 */
export type ToggleReactionRequest = z.input<typeof reactionBody>;
export interface ToggleReactionResponse {
  /** True when the reaction now exists, false when this call removed it. */
  added: boolean;
  reactions: ReactionDto[];
}

/** POST /api/rooms/:roomId/leave (JSON body {}) → 204 */

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
 * DELETE /api/rooms/:roomId/mutes/:userId (JSON body {}) → 204 lifts it. Both moderators only.
 */
export interface MuteResponse {
  muted_until: string;
}
export const MUTED_MESSAGE = 'You are muted in this room';

/**
 * POST /api/rooms/:roomId/bans {user_id} → 204: a moderator bans someone who has been a member
 * (not another moderator): their membership ends (member.banned, then member.left) and joining
 * again answers 403 'You are banned from this room'. DELETE /api/rooms/:roomId/bans/:userId
 * (JSON body {}) → 204 lifts it (they may join again). GET /api/rooms/:roomId/bans → the
 * 'Banned' list. All three moderators only.
 */
export interface BanDto {
  user: UserSummaryDto;
  banned_at: string;
}
export interface BansResponse {
  bans: BanDto[];
}
export const BANNED_MESSAGE = 'You are banned from this room';

/** GET /api/stats → home page tiles */
export interface SiteStatsResponse {
  rooms: number;
  members: number;
  messages: number;
}

/**
 * GET /api/rooms/activity?repos=owner/a,owner/b (public, up to 100 names) → the rooms of those
 * repositories, keyed by the full name as asked. Repositories without a room are absent.
 */
export interface RoomActivityResponse {
  activity: Record<string, { room_id: string; active_members: number }>;
}

/** A room keeps at most this many pinned messages. */
export const PINNED_MESSAGES_MAX = 50;
export const PINNED_LIMIT_MESSAGE = `A room can have at most ${PINNED_MESSAGES_MAX} pinned messages`;

/**
 * POST /api/messages/:messageId/pin (JSON body {}) → 204 and DELETE /api/messages/:messageId/pin
 * (JSON body {}) → 204: moderators pin and unpin (message.pinned / message.unpinned events);
 * 409 past PINNED_MESSAGES_MAX. GET /api/rooms/:roomId/pins (any signed-in user) → the room's
 * pinned messages, newest pin first; a deleted message drops out.
 */
export interface PinnedMessageDto {
  message: MessageDto;
  pinned_at: string;
}
export interface PinsResponse {
  pins: PinnedMessageDto[];
}

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
export interface SlowModeResponse {
  slow_mode_seconds: number;
}

export const TOPIC_MAX = 200;
/**
 * PUT /api/rooms/:roomId/topic {topic} → 200 {topic} (moderators only; room.topic_changed event).
 * One line: line breaks become spaces, at most TOPIC_MAX characters; '' clears it.
 */
export interface TopicResponse {
  topic: string;
}
