import { z } from 'zod';
import { entityId, timestamp } from './common.schemas';
import { NOTIFICATION_LEVELS } from './notifications';
import { userSummaryDto } from './rooms.schemas';

export const notificationLevelBody = z.object({
  level: z.enum(NOTIFICATION_LEVELS, { error: 'level must be one of all, mentions, mute' }),
});

export const mentionsQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

// ---- Answers ----

export const notificationLevelResponse = z.strictObject({ level: z.enum(NOTIFICATION_LEVELS) });

export const mentionDto = z
  .strictObject({
    message_id: entityId,
    room_id: entityId,
    room_name: z.string().describe("The room's repository, owner/name."),
    author: userSummaryDto,
    created_at: timestamp,
    excerpt: z.string().describe("The message's first line."),
    unread: z.boolean().describe("After the caller's read position in that room."),
  })
  .meta({
    id: 'Mention',
    description: 'One message that reached the caller: it mentions them, or replies to one of their messages.',
  });

export const mentionsPageResponse = z.strictObject({
  mentions: z.array(mentionDto).describe('Newest first.'),
  next_cursor: z.string().nullable().describe('Pass as `before` for the older page; null at the end.'),
});
