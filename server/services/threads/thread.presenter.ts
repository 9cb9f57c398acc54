import type { Kysely } from 'kysely';
import type { ThreadSummaryDto } from '../../../shared/api/rooms';
import { messageExcerpt } from '../../../shared/excerpt';
import { type AuthorRow, messagesRepository } from '../../db/repositories/messages.repository';
import { repliersOf } from '../../db/repositories/threads.repository';
import type { Database, ThreadRow } from '../../db/schema';
import { toUserSummaryDto } from '../messages/message.presenter';

/** What a thread summary is made of: the stored row's fields (a room event's fact holds the same). */
export type ThreadFacts = Pick<ThreadRow, 'root_id' | 'reply_count' | 'last_reply_at' | 'answer_id'> & {
  repliers: string[];
};

export function threadFactsOf(row: ThreadRow): ThreadFacts {
  return {
    root_id: row.root_id,
    reply_count: Number(row.reply_count),
    last_reply_at: row.last_reply_at,
    repliers: repliersOf(row),
    answer_id: row.answer_id,
  };
}

/**
 * Presents thread summaries ('N replies', the latest repliers, 'Answer by {name}') with the
 * profiles and the answer's text as they are now: two readings for any number of threads. The
 * people shown (repliers, answers' authors) are added to `shown` when given.
 */
export async function presentThreadSummaries(
  db: Kysely<Database>,
  threads: readonly ThreadFacts[],
  shown?: Map<string, AuthorRow | undefined>,
): Promise<Map<string, ThreadSummaryDto>> {
  const presented = new Map<string, ThreadSummaryDto>();
  if (threads.length === 0) return presented;
  const answerIds = threads.flatMap((t) => (t.answer_id === null ? [] : [t.answer_id]));
  const answers = await messagesRepository(db).findQuoted(answerIds);
  const people = await messagesRepository(db).findAuthors([
    ...new Set([...threads.flatMap((t) => t.repliers), ...[...answers.values()].map((a) => a.user_id)]),
  ]);
  if (shown) {
    for (const thread of threads) for (const id of thread.repliers) shown.set(id, people.get(id));
    for (const answer of answers.values()) shown.set(answer.user_id, people.get(answer.user_id));
  }
  for (const thread of threads) {
    const answer = thread.answer_id === null ? undefined : answers.get(thread.answer_id);
    presented.set(thread.root_id, {
      reply_count: thread.reply_count,
      last_reply_at: thread.last_reply_at,
      repliers: thread.repliers.map((id) => toUserSummaryDto(id, people.get(id))),
      answer: answer
        ? {
            message_id: answer.id,
            author: toUserSummaryDto(answer.user_id, people.get(answer.user_id)),
            excerpt: answer.deleted_at === null ? messageExcerpt(answer.content) : '',
            deleted: answer.deleted_at !== null,
          }
        : null,
    });
  }
  return presented;
}
