import { messageParams, roomParams } from '../../../../shared/api/rooms.schemas';
import {
  answerResponse,
  followedThreadsQuery,
  followedThreadsResponse,
  followThreadResponse,
  markThreadReadBody,
  questionsQuery,
  questionsResponse,
  threadQuery,
  threadResponse,
} from '../../../../shared/api/threads.schemas';
import { contract } from '../../contract/route-contract';
import { MODERATION_LIMIT } from '../moderation/moderation.contracts';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

const NO_MESSAGE = 'No such message.';
const NOT_A_MEMBER = `Not an active member of the room. ${BANNED_ANSWER}`;

/** What the thread, answer and questions routes take and answer (see route-contract.ts). */
export const threadsContracts = {
  thread: contract({
    tag: 'Threads',
    summary: "A message's thread",
    description:
      "The thread of a message (or of the root a reply is in): the root, a page of replies oldest first (the newest `limit`, or those before `before`, after `after` or around the reply `around`) with cursors to the pages beside it, whether the caller follows it and may mark its answer. A deleted root keeps its thread. Anyone may read it (visitors are limited per IP) except the room's banned.",
    params: messageParams,
    querystring: threadQuery,
    answers: { 200: threadResponse },
    errors: {
      400: 'An invalid cursor, a reply of another thread, more than one of before/after/around, or a limit out of range.',
      403: BANNED_ANSWER,
      404: NO_MESSAGE,
      429: 'A visitor reading too often from one address.',
    },
  }),
  follow: contract({
    tag: 'Threads',
    summary: "Follow a thread ('Follow thread')",
    description: 'Its replies count under "Threads" until unfollowed. Active members only.',
    signedIn: true,
    params: messageParams,
    answers: { 200: followThreadResponse },
    errors: { 403: NOT_A_MEMBER, 404: NO_MESSAGE },
  }),
  unfollow: contract({
    tag: 'Threads',
    summary: "Unfollow a thread ('Unfollow thread')",
    description: 'Replies stop counting under "Threads"; replying or being mentioned later does not follow again.',
    signedIn: true,
    params: messageParams,
    answers: { 200: followThreadResponse },
    errors: { 403: NOT_A_MEMBER, 404: NO_MESSAGE },
  }),
  read: contract({
    tag: 'Threads',
    summary: 'Mark a thread read up to a reply',
    description: "Moves the caller's read position in the thread forward (never back).",
    signedIn: true,
    params: messageParams,
    body: markThreadReadBody,
    answers: { 204: 'Read position moved.' },
    errors: { 400: 'The reply is not in this thread.', 403: NOT_A_MEMBER, 404: NO_MESSAGE },
  }),
  markAnswer: contract({
    tag: 'Threads',
    summary: "Mark a reply as its thread's answer ('Mark as answer')",
    description:
      "The root's author or a moderator; one answer per thread (marking another replaces it). A `thread.updated` event carries it; a moderator marking for someone else is written to the moderation log.",
    signedIn: true,
    params: messageParams,
    answers: { 200: answerResponse },
    errors: {
      400: 'Not a thread reply, or a deleted one.',
      403: "Neither the question's author nor a moderator.",
      404: NO_MESSAGE,
      429: MODERATION_LIMIT,
    },
  }),
  unmarkAnswer: contract({
    tag: 'Threads',
    summary: "Unmark a thread's answer ('Unmark answer')",
    description: 'The same people as marking; the reply must be the marked answer.',
    signedIn: true,
    params: messageParams,
    answers: { 200: answerResponse },
    errors: {
      400: 'Not the answer of its thread.',
      403: "Neither the question's author nor a moderator.",
      404: NO_MESSAGE,
      429: MODERATION_LIMIT,
    },
  }),
  questions: contract({
    tag: 'Threads',
    summary: "A room's questions ('Questions')",
    description:
      "The room's threads, newest activity first, filtered by `filter` ('Unanswered', 'Answered', 'All'), with the count of unanswered ones. Anyone signed in except the room's banned.",
    signedIn: true,
    params: roomParams,
    querystring: questionsQuery,
    answers: { 200: questionsResponse },
    errors: {
      400: 'An unknown filter, an invalid cursor or a limit out of range.',
      403: BANNED_ANSWER,
      404: 'No such room.',
    },
  }),
  followed: contract({
    tag: 'Threads',
    summary: 'The threads the caller follows (/threads)',
    description: 'Across the rooms the caller is in, unread first, with unread counts and the last reply.',
    signedIn: true,
    querystring: followedThreadsQuery,
    answers: { 200: followedThreadsResponse },
    errors: { 400: 'A limit out of range.' },
  }),
};
