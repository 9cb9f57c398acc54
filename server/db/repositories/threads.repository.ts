import { sql, type Kysely } from 'kysely';
import { FOLLOWED_THREAD_UNREAD_COUNTED } from '../../../shared/api/threads';
import { engineOf } from '../engine-of';
import { toBool, type Database, type MessageRow, type ThreadRow } from '../schema';
import type { MessageCursor } from './messages.repository';

type Db = Kysely<Database>;

/** A position in a room's questions list: threads with older activity come after it. */
export interface ThreadCursor {
  last_reply_at: string;
  root_id: string;
}

/** A followed thread with what /threads shows of it. */
export interface FollowedThreadRow extends ThreadRow {
  root_user_id: string;
  root_content: string;
  root_deleted_at: string | null;
  full_name: string;
  unread_count: number;
}

/** A thread's reader: what they may do there and have chosen (threadsRepository.readerOf). */
export interface ThreadReader {
  banned: boolean;
  membersOnly: boolean;
  member: boolean;
  following: boolean;
}

const REPLIERS_SHOWN = 3;

/** The repliers column: user ids, the latest first. */
export function repliersOf(row: Pick<ThreadRow, 'repliers'>): string[] {
  return row.repliers === '' ? [] : row.repliers.split(',');
}

/** Thread summaries, follows and read positions (db may be a transaction). */
export function threadsRepository(db: Db) {
  return {
    /** A message by id, tombstones included (a deleted root keeps its thread). */
    async findMessage(messageId: string): Promise<MessageRow | undefined> {
      return db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirst();
    },

    async find(rootId: string): Promise<ThreadRow | undefined> {
      return db.selectFrom('threads').selectAll().where('root_id', '=', rootId).executeTakeFirst();
    },

    async listFor(rootIds: readonly string[]): Promise<ThreadRow[]> {
      if (rootIds.length === 0) return [];
      return db
        .selectFrom('threads')
        .selectAll()
        .where('root_id', 'in', [...rootIds])
        .execute();
    },

    /** A new reply: one more, the latest, its author first among the repliers. */
    async addReply(reply: Pick<MessageRow, 'room_id' | 'user_id' | 'created_at'> & { root_id: string }): Promise<void> {
      const current = await db
        .selectFrom('threads')
        .select(['reply_count', 'repliers'])
        .where('root_id', '=', reply.root_id)
        .executeTakeFirst();
      if (!current) {
        await db
          .insertInto('threads')
          .values({
            root_id: reply.root_id,
            room_id: reply.room_id,
            reply_count: 1,
            last_reply_at: reply.created_at,
            repliers: reply.user_id,
            answer_id: null,
            answered_by: null,
            answered_at: null,
          })
          .execute();
        return;
      }
      const repliers = [reply.user_id, ...repliersOf(current).filter((id) => id !== reply.user_id)];
      await db
        .updateTable('threads')
        .set({
          reply_count: Number(current.reply_count) + 1,
          last_reply_at: reply.created_at,
          repliers: repliers.slice(0, REPLIERS_SHOWN).join(','),
        })
        .where('root_id', '=', reply.root_id)
        .execute();
    },

    /**
     * Reads the summary again from the replies that are left (after a deletion): the count, the
     * latest time, the latest repliers. A thread whose replies are all gone keeps its row while it
     * has an answer to clear; its answer goes when the answer itself was deleted.
     */
    async recount(rootId: string): Promise<ThreadRow | undefined> {
      const replies = await db
        .selectFrom('messages')
        .select(['user_id', 'created_at', 'id', 'deleted_at'])
        .where('thread_root_id', '=', rootId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const live = replies.filter((r) => r.deleted_at === null);
      const current = await this.find(rootId);
      if (!current) return undefined;
      if (live.length === 0) {
        await db.deleteFrom('threads').where('root_id', '=', rootId).execute();
        return undefined;
      }
      const repliers: string[] = [];
      for (const reply of live) {
        if (!repliers.includes(reply.user_id)) repliers.push(reply.user_id);
        if (repliers.length === REPLIERS_SHOWN) break;
      }
      const answerLeft = current.answer_id !== null && live.some((r) => r.id === current.answer_id);
      const next = {
        reply_count: live.length,
        last_reply_at: live[0]?.created_at ?? current.last_reply_at,
        repliers: repliers.join(','),
        ...(answerLeft ? {} : { answer_id: null, answered_by: null, answered_at: null }),
      };
      await db.updateTable('threads').set(next).where('root_id', '=', rootId).execute();
      return { ...current, ...next };
    },

    async setAnswer(rootId: string, answer: { id: string; by: string; at: string } | null): Promise<void> {
      await db
        .updateTable('threads')
        .set({ answer_id: answer?.id ?? null, answered_by: answer?.by ?? null, answered_at: answer?.at ?? null })
        .where('root_id', '=', rootId)
        .execute();
    },

    /** Replies of a thread, oldest first. */
    /**
     * Replies of a thread from a position: the `limit` oldest after it ('after', or from the
     * start without a position), or the `limit` newest before it ('before', or from the end),
     * newest first. `inclusive` counts the position's own reply in.
     */
    async listReplies(
      rootId: string,
      page: { direction: 'after' | 'before'; from: MessageCursor | null; limit: number; inclusive?: boolean },
    ): Promise<MessageRow[]> {
      const order = page.direction === 'after' ? 'asc' : 'desc';
      let query = db
        .selectFrom('messages')
        .selectAll()
        .where('thread_root_id', '=', rootId)
        .orderBy('created_at', order)
        .orderBy('id', order)
        .limit(page.limit);
      const from = page.from;
      if (from) {
        const operator = page.direction === 'after' ? (page.inclusive ? '>=' : '>') : page.inclusive ? '<=' : '<';
        query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), operator, eb.tuple(from.created_at, from.id)));
      }
      return query.execute();
    },

    /** A room's threads, newest activity first, after the cursor, by answer state. */
    async listInRoom(
      roomId: string,
      filter: 'unanswered' | 'answered' | 'all',
      before: ThreadCursor | null,
      limit: number,
    ): Promise<ThreadRow[]> {
      let query = db
        .selectFrom('threads')
        .selectAll()
        .where('room_id', '=', roomId)
        .orderBy('last_reply_at', 'desc')
        .orderBy('root_id', 'desc')
        .limit(limit);
      if (filter === 'unanswered') query = query.where('answer_id', 'is', null);
      if (filter === 'answered') query = query.where('answer_id', 'is not', null);
      if (before) {
        query = query.where((eb) =>
          eb(eb.refTuple('last_reply_at', 'root_id'), '<', eb.tuple(before.last_reply_at, before.root_id)),
        );
      }
      return query.execute();
    },

    async countUnanswered(roomId: string): Promise<number> {
      const row = await db
        .selectFrom('threads')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('room_id', '=', roomId)
        .where('answer_id', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Starts following unless the user already decided (an unfollow stays an unfollow). */
    async followIfNew(userId: string, rootId: string, roomId: string): Promise<void> {
      await db
        .insertInto('thread_follows')
        .values({ user_id: userId, root_id: rootId, room_id: roomId, following: true })
        .onConflict((oc) => oc.columns(['user_id', 'root_id']).doNothing())
        .execute();
    },

    async setFollowing(userId: string, rootId: string, roomId: string, following: boolean): Promise<void> {
      await db
        .insertInto('thread_follows')
        .values({ user_id: userId, root_id: rootId, room_id: roomId, following })
        .onConflict((oc) => oc.columns(['user_id', 'root_id']).doUpdateSet({ following }))
        .execute();
    },

    /** Who follows a thread now (its replies reach them under "Threads"). */
    async followerIds(rootId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('thread_follows')
        .select('user_id')
        .where('root_id', '=', rootId)
        .where('following', '=', true)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * What a thread's reader may do and has chosen, read in one statement: banned from its room,
     * the room's archive open to members only, an active member, following the thread. A
     * visitor (null) is neither banned, a member nor following.
     */
    async readerOf(roomId: string, rootId: string, userId: string | null): Promise<ThreadReader | undefined> {
      const { rows } = await sql<{
        banned: boolean | number;
        members_only: boolean | number;
        member: boolean | number;
        following: boolean | number;
      }>`
        select
          exists (select 1 from room_bans b where b.room_id = r.id and b.user_id = ${userId}) as banned,
          r.archive_access = 'members' as members_only,
          exists (select 1 from chat_members cm
            where cm.room_id = r.id and cm.user_id = ${userId} and cm.left_at is null) as member,
          exists (select 1 from thread_follows f
            where f.user_id = ${userId} and f.root_id = ${rootId} and f.following = ${true}) as following
        from chat_rooms r where r.id = ${roomId}`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      return {
        banned: toBool(row.banned),
        membersOnly: toBool(row.members_only),
        member: toBool(row.member),
        following: toBool(row.following),
      };
    },

    /** Moves the user's read position in a thread forward to a reply (never back). */
    async advanceRead(userId: string, rootId: string, roomId: string, reply: { created_at: string; id: string }) {
      await db
        .insertInto('thread_follows')
        .values({
          user_id: userId,
          root_id: rootId,
          room_id: roomId,
          following: false,
          read_created_at: reply.created_at,
          read_message_id: reply.id,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'root_id'])
            .doUpdateSet({ read_created_at: reply.created_at, read_message_id: reply.id })
            .where((eb) =>
              eb(
                eb.refTuple('thread_follows.read_created_at', 'thread_follows.read_message_id'),
                '<',
                eb.tuple(reply.created_at, reply.id),
              ),
            ),
        )
        .execute();
    },

    /**
     * The threads a user follows in rooms they are still in, each with its unread replies (by
     * others, not deleted, after the read position, counted up to FOLLOWED_THREAD_UNREAD_COUNTED):
     * unread first, then newest activity.
     */
    async listFollowed(userId: string, limit: number): Promise<FollowedThreadRow[]> {
      // Each thread's unread replies are counted once, up to what the page shows ("99+"), then
      // sorted on (unread first): a thread of a thousand unread replies reads a hundred.
      const { rows } = await sql<FollowedThreadRow>`
        select * from (
          select t.*, m.user_id as root_user_id, m.content as root_content, m.deleted_at as root_deleted_at,
            r.repo_full_name as full_name,
            (select count(*) from (select 1 from messages x
              where x.thread_root_id = f.root_id and x.user_id <> ${userId} and x.deleted_at is null
                and (x.created_at, x.id) > (f.read_created_at, f.read_message_id)
              limit ${FOLLOWED_THREAD_UNREAD_COUNTED}) unread) as unread_count
          from thread_follows f
          join threads t on t.root_id = f.root_id
          join messages m on m.id = f.root_id
          join chat_rooms r on r.id = f.room_id
          join chat_members cm on cm.room_id = f.room_id and cm.user_id = f.user_id and cm.left_at is null
          where f.user_id = ${userId} and f.following = ${true}
        ) followed
        order by case when unread_count > 0 then 0 else 1 end, last_reply_at desc, root_id desc
        limit ${limit}`.execute(db);
      return rows.map((row) => ({ ...row, unread_count: Number(row.unread_count) }));
    },

    /** How many threads the user follows (in rooms they are still in) have unread replies. */
    async countUnreadFollowed(userId: string): Promise<number> {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n
        from thread_follows f
        join chat_members cm on cm.room_id = f.room_id and cm.user_id = f.user_id and cm.left_at is null
        where f.user_id = ${userId} and f.following = ${true}
          and exists (select 1 from messages x
            where x.thread_root_id = f.root_id and x.user_id <> ${userId} and x.deleted_at is null
              and (x.created_at, x.id) > (f.read_created_at, f.read_message_id))`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** The latest reply of each thread that is not deleted, in one statement. */
    async lastReplies(rootIds: readonly string[]): Promise<Map<string, MessageRow>> {
      if (rootIds.length === 0) return new Map();
      const roots =
        engineOf(db) === 'postgres'
          ? sql`select unnest(${[...rootIds]}::text[]) as root_id`
          : sql`select value as root_id from json_each(${JSON.stringify(rootIds)})`;
      const { rows } = await sql<MessageRow>`
        select m.* from (${roots}) roots
        join messages m on m.id = (select x.id from messages x
          where x.thread_root_id = roots.root_id and x.deleted_at is null
          order by x.created_at desc, x.id desc limit 1)`.execute(db);
      return new Map(rows.map((row) => [row.thread_root_id ?? '', row]));
    },
  };
}
