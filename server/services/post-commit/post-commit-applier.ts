import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { postCommitRepository } from '../../db/repositories/post-commit.repository';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { searchTermsRepository } from '../../db/repositories/search-terms.repository';
import { recordMentions } from '../read-state/read-state.service';

/** Events read per room per batch, and rooms per batch: a batch stays one short transaction. */
const EVENTS_PER_ROOM = 500;
const ROOMS_PER_BATCH = 50;
/** How often each process looks for rooms whose work is behind (crashes, other processes' rooms). */
const SWEEP_INTERVAL_MS = 5_000;
/** When another process holds a room's cursor, this one looks again after this long. */
const BUSY_RETRY_MS = 200;
/**
 * How long a batch gathers commits before it starts, unless configured: one transaction (and one
 * commit) for all the rooms' sends of that time instead of one per send, far inside the second
 * that search and mentions may lag behind.
 */
export const POST_COMMIT_DELAY_MS = 100;

export interface PostCommitDeps {
  db: Kysely<Database>;
  logger: { warn(object: unknown, message: string): void };
  /**
   * How long a batch waits before it starts, gathering the commits of that time into one
   * transaction (POST_COMMIT_DELAY_MS; fault tests hold the work back with a long one).
   */
  delayMs?: number | undefined;
}

/**
 * Work derived from committed room events, applied after the commit instead of inside the send:
 * a message.created event's search words (SQLite's full-text index and word list), its mentions
 * and its author's read position. One transaction per batch, each room's events in sequence order,
 * the room's cursor (post_commit_cursors) moved in the same transaction, so a crash loses nothing
 * (the next batch starts from the event log at the cursor) and applies nothing twice (and every
 * step is idempotent besides). A commit hints its room and a batch starts as soon as the previous
 * one is done; a sweep at start and every few seconds finds rooms left behind (a crash, another
 * process). With several processes, a cursor's row lock (PostgreSQL: `for update skip locked`)
 * lets exactly one of them apply a room's batch.
 */
export function createPostCommitApplier({ db, logger, delayMs = POST_COMMIT_DELAY_MS }: PostCommitDeps) {
  const pending = new Set<string>();
  /** Rooms whose cursor row exists (rows are never removed while their room lives). */
  const withCursor = new Set<string>();
  let running: Promise<void> | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let held = false;
  let stopped = false;
  /** Ends a batch's delay early (a stop does not wait for it; the log keeps the work). */
  let endDelay: (() => void) | undefined;

  async function applyRooms(roomIds: string[]): Promise<void> {
    const busy: string[] = [];
    await db.transaction().execute(async (trx) => {
      const work = postCommitRepository(trx);
      const rooms = [...roomIds].sort();
      await work.createCursors(rooms.filter((roomId) => !withCursor.has(roomId)));
      const cursors = await work.lockCursors(rooms);
      for (const roomId of rooms) {
        // Another process is applying this room's batch; what it did not read is taken up here soon after.
        if (cursors.has(roomId)) withCursor.add(roomId);
        else {
          // Asked again with its row created if need be.
          withCursor.delete(roomId);
          busy.push(roomId);
        }
      }
      const behind = await work.eventsAfter(cursors, EVENTS_PER_ROOM);
      // A message deleted before its batch has no words, mentions or read position to add.
      const created = [...behind.values()].flatMap((room) => room.created.flatMap((event) => event.message ?? []));
      await work.indexForSearch(created);
      const live = created.filter((message) => message.deleted_at === null);
      await searchTermsRepository(trx).add(...live.map((message) => message.content));
      /** Each sender's newest message per room: writing in a room means having seen it up to there. */
      const readTo = new Map<string, (typeof live)[number]>();
      for (const message of live) {
        await recordMentions(trx, message, { fresh: true });
        // A thread-only reply moves its thread's position, not the room's.
        if (message.in_room) readTo.set(`${message.room_id} ${message.user_id}`, message);
      }
      for (const message of readTo.values()) {
        await readStateRepository(trx).advance(message.room_id, message.user_id, {
          created_at: message.created_at,
          id: message.id,
        });
      }
      const applied = new Map([...behind].map(([roomId, room]) => [roomId, room.lastSeq]));
      await work.moveCursors(applied);
      for (const [roomId, lastSeq] of applied) {
        // A long backlog continues in the next batch.
        if (lastSeq - (cursors.get(roomId) ?? 0) >= EVENTS_PER_ROOM) pending.add(roomId);
      }
    });
    if (busy.length > 0) {
      setTimeout(() => {
        for (const roomId of busy) pending.add(roomId);
        schedule();
      }, BUSY_RETRY_MS).unref();
    }
  }

  async function runBatches(): Promise<void> {
    if (delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        endDelay = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endDelay = undefined;
    }
    while (pending.size > 0 && !held && !stopped) {
      const rooms = [...pending].slice(0, ROOMS_PER_BATCH);
      for (const room of rooms) pending.delete(room);
      try {
        await applyRooms(rooms);
      } catch (error) {
        // Left for the next sweep: the cursors did not move.
        logger.warn({ err: error, rooms }, 'work after commit failed; retried by the next sweep');
        return;
      }
    }
  }

  function schedule(): void {
    if (running || held || stopped || pending.size === 0) return;
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(runBatches).finally(() => {
      running = undefined;
      schedule();
    });
  }

  async function sweep(): Promise<void> {
    try {
      for (const room of await postCommitRepository(db).roomsBehind(ROOMS_PER_BATCH * 20)) pending.add(room);
    } catch (error) {
      logger.warn({ err: error }, 'rooms behind on work after commit not read');
      return;
    }
    schedule();
  }

  return {
    /** A change committed in this room: its work is applied in the next batch. */
    notify(roomId: string): void {
      pending.add(roomId);
      schedule();
    },

    start(): void {
      void sweep();
      sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    /** Everything committed so far applied (tests and measurements wait on this, never on a timer). */
    async flush(): Promise<void> {
      await sweep();
      // Nothing is gained by waiting for more commits here.
      endDelay?.();
      while (running || pending.size > 0) {
        if (running) await running;
        else if (held || stopped) return;
        else schedule();
      }
    },

    /** Holds batches back (measurements of the send alone), then lets them run again. */
    hold(on: boolean): void {
      held = on;
      schedule();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      endDelay?.();
      await running;
    },
  };
}

export type PostCommitApplier = ReturnType<typeof createPostCommitApplier>;
