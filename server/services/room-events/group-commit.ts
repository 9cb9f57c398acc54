import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RoomChangeFn, SequencedEvent } from './room-change';

/** Applies one change inside an open transaction (room-change.ts: applyChangeInTransaction). */
type ApplyChange = (
  trx: Kysely<Database>,
  roomId: string,
  nowIso: string,
  change: RoomChangeFn<unknown>,
) => Promise<{ result: unknown; committed: SequencedEvent[] }>;

/** Room changes committed together at most; more waiting ones go in the next transaction. */
export const GROUP_COMMIT_MAX_CHANGES = 64;

interface Waiting {
  roomId: string;
  nowIso: string;
  change: RoomChangeFn<unknown>;
  resolve(applied: { result: unknown; committed: SequencedEvent[] }): void;
  reject(error: unknown): void;
}

/**
 * Room changes on SQLite's one connection, committed in groups: the changes that reach the
 * server in the same turn of the event loop (one send each, under load several) run one after the
 * other in one transaction, each inside its own savepoint, and the group commits once. A change
 * that fails or has no event is rolled back to its savepoint alone; the others are not touched.
 * Every change still takes the room's lock and its sequence numbers in order, and its caller hears
 * of it only once the group has committed (nothing is acknowledged before it is stored). Why: a
 * commit writes every page the transaction touched to the write-ahead log, one system call each,
 * and the pages a send touches (the room's row, the ends of the message and event indexes, the
 * full-text index's structure) are mostly the same for the next send.
 */
export function createGroupCommit(
  db: Kysely<Database>,
  applyChangeInTransaction: ApplyChange,
  maxChanges = GROUP_COMMIT_MAX_CHANGES,
) {
  let waiting: Waiting[] = [];
  let scheduled = false;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // After the current turn: every send that arrived with this one joins it.
    setImmediate(() => {
      scheduled = false;
      const group = waiting.slice(0, maxChanges);
      waiting = waiting.slice(group.length);
      if (waiting.length > 0) schedule();
      void commit(group);
    });
  }

  async function commit(group: Waiting[]): Promise<void> {
    type Settled =
      { ok: true; applied: { result: unknown; committed: SequencedEvent[] } } | { ok: false; error: unknown };
    let settled: Settled[];
    try {
      settled = await db.transaction().execute(async (trx) => {
        const outcomes: Settled[] = [];
        for (const item of group) {
          await sql`savepoint room_change`.execute(trx);
          try {
            const applied = await applyChangeInTransaction(trx, item.roomId, item.nowIso, item.change);
            // A change without events leaves nothing behind (not even the room's activity time).
            if (applied.committed.length === 0) await sql`rollback to room_change`.execute(trx);
            outcomes.push({ ok: true, applied });
          } catch (error) {
            await sql`rollback to room_change`.execute(trx);
            outcomes.push({ ok: false, error });
          }
          await sql`release room_change`.execute(trx);
        }
        return outcomes;
      });
    } catch (error) {
      // The commit itself failed: nothing of the group is stored.
      for (const item of group) item.reject(error);
      return;
    }
    group.forEach((item, i) => {
      const outcome = settled[i];
      if (outcome?.ok) item.resolve(outcome.applied);
      else item.reject(outcome?.error);
    });
  }

  return {
    /** Applies the change in the next group; resolves once it is committed (no events: rolled back). */
    apply<T>(
      roomId: string,
      nowIso: string,
      change: RoomChangeFn<T>,
    ): Promise<{ result: T; committed: SequencedEvent[] }> {
      return new Promise((resolve, reject) => {
        waiting.push({
          roomId,
          nowIso,
          change: change as RoomChangeFn<unknown>,
          resolve: resolve as Waiting['resolve'],
          reject,
        });
        schedule();
      });
    },
  };
}
