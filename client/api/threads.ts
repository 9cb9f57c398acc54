import type {
  AnswerResponse,
  FollowedThreadsResponse,
  FollowThreadResponse,
  QuestionFilter,
  QuestionsResponse,
  ThreadResponse,
} from '../../shared/api/threads';
import { apiFetch, segment, type Signal, signalOf } from './http';

/**
 * Threads, their answers, a room's questions and the threads one follows. Kept apart from
 * `endpoints.ts` so that only signed-in screens, which use them, download them.
 */
/** At most one of them: the newest page without any. */
export type ThreadPage = { before?: string; after?: string; around?: string; limit?: string };

export const threadsApi = {
  /**
   * The thread of a message (or of the root a reply is in): its newest replies, or the page
   * before, after or around a position.
   */
  thread: (messageId: string, page: ThreadPage = {}, options?: Signal) => {
    const query = new URLSearchParams(Object.entries(page).filter((entry): entry is [string, string] => !!entry[1]));
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return apiFetch<ThreadResponse>(`/api/messages/${segment(messageId)}/thread${search}`, signalOf(options));
  },
  follow: (rootId: string, following: boolean) =>
    apiFetch<FollowThreadResponse>(`/api/messages/${segment(rootId)}/thread/follow`, {
      method: following ? 'PUT' : 'DELETE',
      body: {},
    }),
  markRead: (rootId: string, replyId: string) =>
    apiFetch<void>(`/api/messages/${segment(rootId)}/thread/read`, { method: 'PUT', body: { message_id: replyId } }),
  setAnswer: (replyId: string, answer: boolean) =>
    apiFetch<AnswerResponse>(`/api/messages/${segment(replyId)}/answer`, {
      method: answer ? 'PUT' : 'DELETE',
      body: {},
    }),
  questions: (roomId: string, filter: QuestionFilter, options?: Signal) =>
    apiFetch<QuestionsResponse>(
      `/api/rooms/${segment(roomId)}/questions?${new URLSearchParams({ filter }).toString()}`,
      signalOf(options),
    ),
  /** The first `limit` threads the caller follows (unread first) and how many have unread replies. */
  followed: (limit: number, options?: Signal) =>
    apiFetch<FollowedThreadsResponse>(`/api/me/threads?limit=${limit}`, signalOf(options)),
};
