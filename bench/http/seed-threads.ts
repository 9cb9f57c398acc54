import type { DatabaseHandle } from '../../server/db/database';
import type { Insertable } from 'kysely';
import type { Database } from '../../server/db/schema';
import { timeOrderedId } from '../../server/services/messages/time-ordered-id';

type NewMessage = Insertable<Database['messages']>;
type NewThread = Insertable<Database['threads']>;

const BATCH = 500;
const START = Date.parse('2026-01-01T00:00:00.000Z');

export interface SeededThreads {
  /** The root of the thread with `longReplies` replies. */
  longRootId: string;
}

/**
 * A room whose conversation is threads, as the room's members would have left them: `threads`
 * questions of a few replies each (every third one answered), plus one thread with `longReplies`
 * replies. Written in bulk; the thread summaries are those the product keeps.
 */
export async function seedThreads(
  handle: DatabaseHandle,
  shape: { roomId: string; memberIds: string[]; threads: number; longReplies: number; followerId: string },
): Promise<SeededThreads> {
  const { roomId, memberIds } = shape;
  const messages: NewMessage[] = [];
  const threads: NewThread[] = [];
  let clock = START;
  let sent = 0;
  const message = (userId: string, content: string, rootId: string | null): NewMessage => {
    clock += 1000;
    sent += 1;
    return {
      id: timeOrderedId(clock),
      room_id: roomId,
      user_id: userId,
      client_id: `seed-thread-${sent}`,
      content,
      created_at: new Date(clock).toISOString(),
      edited_at: null,
      deleted_at: null,
      thread_root_id: rootId,
      in_room: rootId === null,
    };
  };
  const member = (n: number) => memberIds[n % memberIds.length] ?? '';

  const addThread = (n: number, replies: number) => {
    const root = message(member(n), `Question ${n}: how do I configure the release workflow?`, null);
    messages.push(root);
    const replyRows: NewMessage[] = [];
    for (let r = 0; r < replies; r += 1) {
      replyRows.push(message(member(n + r + 1), `Answer ${r} to question ${n}: set the flag in the config`, root.id));
    }
    messages.push(...replyRows);
    const first = replyRows[0];
    const last = replyRows[replyRows.length - 1];
    const answered = n % 3 === 0 && first !== undefined;
    threads.push({
      root_id: root.id,
      room_id: roomId,
      reply_count: replies,
      last_reply_at: last?.created_at ?? root.created_at,
      repliers: [...new Set(replyRows.slice(-3).map((row) => row.user_id))].reverse().join(','),
      answer_id: answered ? first.id : null,
      answered_by: answered ? root.user_id : null,
      answered_at: answered ? (last?.created_at ?? null) : null,
    });
    return root.id;
  };

  const longRootId = addThread(0, shape.longReplies);
  for (let n = 1; n <= shape.threads; n += 1) addThread(n, 1 + (n % 3));

  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < messages.length; i += BATCH) {
      await trx
        .insertInto('messages')
        .values(messages.slice(i, i + BATCH))
        .execute();
    }
    for (let i = 0; i < threads.length; i += BATCH) {
      await trx
        .insertInto('threads')
        .values(threads.slice(i, i + BATCH))
        .execute();
    }
    await trx
      .insertInto('thread_follows')
      .values({ user_id: shape.followerId, root_id: longRootId, room_id: roomId, following: true })
      .execute();
  });
  return { longRootId };
}
