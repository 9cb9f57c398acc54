import type { MessageDto, UserSummaryDto } from './rooms';

/**
 * The moderation log, reports of messages and ignored people: the JSON API contract.
 *
 * Moderation log: GET /api/rooms/:roomId/moderation-log?before=<cursor>&limit=<1..100, 50>
 * (moderators of the room only; 403 otherwise) → the room's moderation actions, newest first,
 * paged by `next_cursor`.
 */
export const MODERATION_ACTIONS = [
  'message.removed',
  'message.pinned',
  'message.unpinned',
  'member.muted',
  'member.unmuted',
  'member.banned',
  'member.unbanned',
  'room.slow_mode_changed',
  'room.topic_changed',
  'report.dismissed',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export interface ModerationLogEntryDto {
  id: string;
  action: ModerationAction;
  actor: UserSummaryDto;
  /** Whom it was done to (a message's author for message actions); null for room settings. */
  target: UserSummaryDto | null;
  message_id: string | null;
  /** What the action set: a mute's duration ('10m', '1h', '24h'), slow mode's seconds, the new topic. */
  detail: string;
  created_at: string;
}
export interface ModerationLogResponse {
  entries: ModerationLogEntryDto[];
  next_cursor: string | null;
}
export const MODERATION_LOG_PAGE = 50;

/**
 * Rate limit on moderation actions, per moderator (every process counts together): answers 429
 * 'Please wait {n} seconds before another moderation action'.
 */
export const MODERATION_RATE = { limit: 30, windowMs: 60_000 } as const;

/**
 * Reports. POST /api/messages/:messageId/reports {reason, note?} → 204: an active member reports
 * someone else's message (403 for one's own: 'You cannot report your own message'); a second
 * report of the same message by the same member answers 409 'You have already reported this
 * message'; 429 past REPORT_RATE ('Please wait {n} seconds before reporting another message').
 * The author never learns who reported.
 * GET /api/rooms/:roomId/reports (moderators) → open reports grouped by message, newest first.
 * GET /api/rooms/:roomId/reports/count (moderators) → {open_count}. Moderators' sockets also
 * receive `reports.changed` with the new count.
 * POST /api/messages/:messageId/reports/dismiss {} (moderators) → 204: its open reports are
 * dismissed (404 'This message has no open reports' when there are none). Removing the message
 * resolves its reports too.
 */
export const REPORT_REASONS = ['spam', 'abuse', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse',
  off_topic: 'Off-topic',
  other: 'Other',
};
export const REPORT_NOTE_MAX = 300;
export const REPORT_RATE = { limit: 10, windowMs: 60 * 60_000 } as const;
export const ALREADY_REPORTED = 'You have already reported this message';
export const OWN_MESSAGE_REPORT = 'You cannot report your own message';
export const NO_OPEN_REPORTS = 'This message has no open reports';

export interface ReportMessageRequest {
  reason: ReportReason;
  note?: string;
}

export interface ReportedMessageDto {
  message: MessageDto;
  /** How many members reported it (open reports). */
  report_count: number;
  reasons: Array<{ reason: ReportReason; count: number }>;
  /** The reporters' notes, without who wrote them. */
  notes: string[];
  last_reported_at: string;
}
export interface ReportsResponse {
  reports: ReportedMessageDto[];
  open_count: number;
}
export interface ReportsCountResponse {
  open_count: number;
}

/**
 * Ignored people (private to the caller). GET /api/me/ignored → the list, newest first.
 * PUT /api/me/ignored/:userId {} → 204 (400 'You cannot ignore yourself'; 404 unknown user);
 * DELETE /api/me/ignored/:userId {} → 204. Their messages are collapsed for the caller and their
 * mentions of the caller do not count as mentions.
 */
export interface IgnoredUserDto {
  user: UserSummaryDto;
  ignored_at: string;
}
export interface IgnoredUsersResponse {
  users: IgnoredUserDto[];
}
export const IGNORE_SELF = 'You cannot ignore yourself';
export const USER_NOT_FOUND = 'User not found';
