import type { z } from 'zod';
import type {
  ignoredUserDto,
  ignoredUsersResponse,
  moderationLogEntryDto,
  moderationLogResponse,
  reportedMessageDto,
  reportsCountResponse,
  reportsResponse,
} from './moderation-tools.schemas';
import type { reportBody } from './rooms.schemas';

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
  'room.archive_access_changed',
  'room.archive_indexing_changed',
  'report.dismissed',
  'answer.marked',
  'answer.unmarked',
  'message.approved',
  'message.rejected',
  'room.protection_changed',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export type ModerationLogEntryDto = z.infer<typeof moderationLogEntryDto>;
export type ModerationLogResponse = z.infer<typeof moderationLogResponse>;
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
 * POST /api/messages/:messageId/reports/dismiss (moderators) → 204: its open reports are
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

export type ReportMessageRequest = z.input<typeof reportBody>;

export type ReportedMessageDto = z.infer<typeof reportedMessageDto>;
export type ReportsResponse = z.infer<typeof reportsResponse>;
export type ReportsCountResponse = z.infer<typeof reportsCountResponse>;

/**
 * Ignored people (private to the caller). GET /api/me/ignored → the list, newest first.
 * PUT /api/me/ignored/:userId → 204 (400 'You cannot ignore yourself'; 404 unknown user);
 * DELETE /api/me/ignored/:userId → 204. Their messages are collapsed for the caller and their
 * mentions of the caller do not count as mentions.
 */
export type IgnoredUserDto = z.infer<typeof ignoredUserDto>;
export type IgnoredUsersResponse = z.infer<typeof ignoredUsersResponse>;
export const IGNORE_SELF = 'You cannot ignore yourself';
export const USER_NOT_FOUND = 'User not found';
