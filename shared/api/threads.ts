import type { z } from 'zod';
// Types only (no zod in the client).
import type {
  answerResponse,
  followedThreadDto,
  followedThreadsResponse,
  followThreadResponse,
  questionDto,
  questionsQuery,
  questionsResponse,
  threadResponse,
} from './threads.schemas';

/**
 * Threads and answers: a message's thread (its replies in order), who follows it, its accepted
 * answer, and a room's questions (its threads).
 */

/** GET /api/messages/:messageId/thread */
export type ThreadResponse = z.infer<typeof threadResponse>;
/** PUT or DELETE /api/messages/:messageId/thread/follow */
export type FollowThreadResponse = z.infer<typeof followThreadResponse>;
/** PUT or DELETE /api/messages/:replyId/answer */
export type AnswerResponse = z.infer<typeof answerResponse>;
export type QuestionFilter = z.infer<typeof questionsQuery>['filter'];
export type QuestionDto = z.infer<typeof questionDto>;
/** GET /api/rooms/:roomId/questions */
export type QuestionsResponse = z.infer<typeof questionsResponse>;
export type FollowedThreadDto = z.infer<typeof followedThreadDto>;
/** GET /api/me/threads */
export type FollowedThreadsResponse = z.infer<typeof followedThreadsResponse>;

/** Followed threads a page of /threads adds ("Show more"), and the most one request lists. */
export const FOLLOWED_THREADS_PAGE = 50;
export const FOLLOWED_THREADS_MAX = 500;
/** A followed thread's unread replies are counted up to this many ("99+ new" beyond 99), as a room's are shown. */
export const FOLLOWED_THREAD_UNREAD_COUNTED = 100;

export const THREAD_ERRORS = {
  rootNotInRoom: 'You can only reply in a thread of this room',
  rootIsReply: 'A thread reply cannot start a thread',
  rootDeleted: 'That message was deleted',
  notAReply: 'Only a reply in a thread can be its answer',
  notAllowed: "Only the question's author or a moderator can mark its answer",
  replyDeleted: 'A deleted reply cannot be the answer',
  notTheAnswer: 'This reply is not the answer',
  notInThread: 'That reply is not in this thread',
} as const;
