import { z } from 'zod';
import { MY_ROOMS_LIMIT_MAX } from '../limits';
import { MESSAGE_ERRORS } from '../validation/message';
import { cleanSingleLineText } from '../validation/clean-text';

/**
 * Request schemas of the rooms, messages and read-state endpoints: the server validates with
 * them and shared/api/rooms.ts infers the request types from them, so the two cannot drift.
 * (Only the server imports this module at run time; the client imports its types.)
 */

/** GitHub owner/name: letters, digits, '.', '-' and '_' on both sides of one slash. */
export const REPO_FULL_NAME = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
const INVALID_REPO = 'Repository must be written as owner/name';

export const repoFullName = z
  .string({ error: INVALID_REPO })
  .trim()
  .max(140, 'Repository name is too long')
  .regex(REPO_FULL_NAME, INVALID_REPO)
  .refine((v) => v.split('/').every((part) => part !== '.' && part !== '..'), INVALID_REPO);

export const joinRoomBody = z.object({ repoFullName });
export const roomParams = z.object({ roomId: z.string() });
export const myRoomsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MY_ROOMS_LIMIT_MAX).default(12),
});
export const roomActivityQuery = z.object({
  repos: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(repoFullName).max(100, 'At most 100 repositories at a time')),
});

export const messagePageQuery = z
  .object({
    before: z.string().max(200).optional(),
    after: z.string().max(200).optional(),
    around: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => [query.before, query.after, query.around].filter((v) => v !== undefined).length <= 1, {
    message: 'Use at most one of before, after and around',
  });

// The length rule on content is checked (on the cleaned text) by validateMessage; this cap only
// bounds the work, with the same message.
const content = z.string().max(20_000, MESSAGE_ERRORS.tooLong);

export const sendMessageBody = z.object({
  client_id: z
    .string()
    .trim()
    .min(1, 'client_id is required')
    .max(100, 'client_id is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'client_id may contain letters, digits, - and _'),
  content,
  /** The earlier message of the same room this one answers. */
  reply_to_id: z.string().max(100, 'reply_to_id is too long').optional(),
});
export const editMessageBody = z.object({ content });
export const reactionBody = z.object({ emoji: z.string().max(32) });
export const messageParams = z.object({ messageId: z.string() });

export const markReadBody = z.object({
  message_id: z.string({ error: 'message_id is required' }).max(100, 'message_id is too long'),
});

/** A member of a room named in a moderation request (`user_id` checked as a uuid by the route). */
export const memberParams = z.object({ roomId: z.string(), userId: z.string() });
export const muteBody = z.object({
  user_id: z.string(),
  duration: z.enum(['10m', '1h', '24h'], { error: 'duration must be 10m, 1h or 24h' }),
});
export const banBody = z.object({ user_id: z.string() });
export const slowModeBody = z.object({
  seconds: z.union([z.literal(0), z.literal(10), z.literal(30), z.literal(60), z.literal(300)], {
    error: 'seconds must be 0, 10, 30, 60 or 300',
  }),
});
export const topicBody = z.object({
  topic: z
    .string()
    .transform((v) => cleanSingleLineText(v.replace(/\s+/g, ' ')))
    .pipe(z.string().max(200, 'Topic must be 200 characters or fewer')),
});

export const reportBody = z.object({
  reason: z.enum(['spam', 'abuse', 'off_topic', 'other'], { error: 'reason must be spam, abuse, off_topic or other' }),
  note: z
    .string()
    .default('')
    .transform((v) => cleanSingleLineText(v.replace(/\s+/g, ' ')))
    .pipe(z.string().max(300, 'Note must be 300 characters or fewer')),
});
export const moderationLogQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const userParams = z.object({ userId: z.string() });
