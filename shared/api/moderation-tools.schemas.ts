import { z } from 'zod';
import { count, entityId, timestamp } from './common.schemas';
import { MODERATION_ACTIONS, REPORT_REASONS } from './moderation-tools';
import { messageDto, userSummaryDto } from './rooms.schemas';

/**
 * Answers of the moderation log, reports and ignore-list endpoints (their request schemas are in
 * rooms.schemas.ts); shared/api/moderation-tools.ts infers the types from them.
 */

export const moderationLogEntryDto = z
  .strictObject({
    id: entityId,
    action: z.enum(MODERATION_ACTIONS),
    actor: userSummaryDto,
    target: userSummaryDto
      .nullable()
      .describe("Whom it was done to (a message's author for message actions); null for room settings."),
    message_id: entityId.nullable(),
    detail: z
      .string()
      .describe("What the action set: a mute's duration ('10m', '1h', '24h'), slow mode's seconds, the new topic."),
    created_at: timestamp,
  })
  .meta({ id: 'ModerationLogEntry' });

export const moderationLogResponse = z.strictObject({
  entries: z.array(moderationLogEntryDto).describe('Newest first.'),
  next_cursor: z.string().nullable().describe('Pass as `before` for the older entries; null at the end.'),
});

export const reportedMessageDto = z
  .strictObject({
    message: messageDto,
    report_count: count.describe('How many members reported it (open reports).'),
    reasons: z.array(z.strictObject({ reason: z.enum(REPORT_REASONS), count })),
    notes: z.array(z.string()).describe("The reporters' notes, without who wrote them."),
    last_reported_at: timestamp,
  })
  .meta({ id: 'ReportedMessage' });

export const reportsResponse = z.strictObject({
  reports: z.array(reportedMessageDto).describe('Open reports grouped by message, newest first.'),
  open_count: count,
});

export const reportsCountResponse = z.strictObject({ open_count: count });

export const ignoredUserDto = z
  .strictObject({ user: userSummaryDto, ignored_at: timestamp })
  .meta({ id: 'IgnoredUser' });
export const ignoredUsersResponse = z.strictObject({ users: z.array(ignoredUserDto).describe('Newest first.') });
