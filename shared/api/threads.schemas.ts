import { z } from 'zod';
import { count, entityId, timestamp } from './common.schemas';
import { messageDto, threadSummaryDto, userSummaryDto } from './rooms.schemas';
import { FOLLOWED_THREAD_UNREAD_COUNTED, FOLLOWED_THREADS_MAX, FOLLOWED_THREADS_PAGE } from './threads';

/** Requests and answers of the thread, answer and questions endpoints (docs/PRODUCT.md, threads). */

export const QUESTION_FILTERS = ['unanswered', 'answered', 'all'] as const;

/** Replies a thread page holds when no limit is asked for. */
export const THREAD_PAGE_SIZE = 50;

export const threadQuery = z
  .object({
    before: z.string().max(200, 'before is too long').optional(),
    after: z.string().max(200, 'after is too long').optional(),
    around: z.string().max(100, 'around is too long').optional(),
    limit: z.coerce.number().int().min(1).max(100).default(THREAD_PAGE_SIZE),
  })
  .refine((query) => [query.before, query.after, query.around].filter((v) => v !== undefined).length <= 1, {
    message: 'Use at most one of before, after and around',
  });

export const threadResponse = z.strictObject({
  root: messageDto.describe('The root message (a tombstone when deleted: its thread stays).'),
  replies: z
    .array(messageDto)
    .describe(
      'A page of replies, oldest first: the newest ones, those before `before` or after `after`, or those around the reply `around`.',
    ),
  older_cursor: z
    .string()
    .nullable()
    .describe('Fetches the replies before this page (`before`); null when it starts at the first reply.'),
  newer_cursor: z
    .string()
    .nullable()
    .describe('Fetches the replies after this page (`after`); null when it ends at the newest reply.'),
  following: z.boolean().describe("Whether the caller follows the thread ('Unfollow thread')."),
  can_mark_answer: z.boolean().describe("The caller is the root's author or a moderator: 'Mark as answer' shows."),
});

export const followThreadResponse = z.strictObject({ following: z.boolean() });

export const markThreadReadBody = z.object({
  message_id: z.string({ error: 'message_id is required' }).max(100, 'message_id is too long'),
});

export const answerResponse = z.strictObject({ root_id: entityId, thread: threadSummaryDto });

export const questionsQuery = z.object({
  filter: z.enum(QUESTION_FILTERS, { error: 'filter must be unanswered, answered or all' }).default('all'),
  before: z.string().max(200, 'before is too long').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const questionDto = z
  .strictObject({
    root_id: entityId,
    author: userSummaryDto,
    excerpt: z.string().describe("The root's first line; empty when it was deleted."),
    deleted: z.boolean(),
    reply_count: count,
    last_reply_at: timestamp,
    answered: z.boolean(),
  })
  .meta({ id: 'Question', description: "A row of the room's 'Questions' list." });

export const questionsResponse = z.strictObject({
  questions: z.array(questionDto).describe('Newest activity first.'),
  unanswered_count: count.describe("The room's unanswered questions ('N unanswered questions')."),
  next_cursor: z.string().nullable().describe('Pass as `before` for older activity; null at the end.'),
});

export const followedThreadDto = z
  .strictObject({
    root_id: entityId,
    room: z.strictObject({ id: entityId, full_name: z.string() }),
    author: userSummaryDto,
    excerpt: z.string(),
    reply_count: count,
    last_reply: z.strictObject({ author: userSummaryDto, excerpt: z.string(), created_at: timestamp }).nullable(),
    unread_count: count.describe(
      `Replies by others after the caller's read position, counted up to ${FOLLOWED_THREAD_UNREAD_COUNTED}.`,
    ),
    answered: z.boolean(),
  })
  .meta({ id: 'FollowedThread', description: 'A thread the caller follows, as /threads lists it.' });

export const followedThreadsResponse = z.strictObject({
  threads: z.array(followedThreadDto).describe('Unread first, then newest activity first.'),
  unread_threads: count.describe("Followed threads with unread replies (the 'Threads' button's count), in all."),
  has_more: z.boolean().describe("More followed threads than `limit` ('Show more' asks for a larger limit)."),
});

export const followedThreadsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FOLLOWED_THREADS_MAX).default(FOLLOWED_THREADS_PAGE),
});
