import type { Kysely } from 'kysely';
import { createBatchedRead } from '../../db/batched-read';
import type { Database } from '../../db/schema';
import {
  basisRooms,
  readStateRepository,
  type UnreadBasis,
  type UnreadRow,
} from '../../db/repositories/read-state.repository';

/** How many users' counts a process keeps (a few kB each for 50 rooms); the least recently asked for go first. */
export const UNREAD_USERS_REMEMBERED = 2_000;

/** Never a basis the database writes (it holds no control characters). */
const INCOMPLETE = '\u0000';

interface RememberedCounts {
  /** The basis the counts were read with (rooms and ignore list). */
  basis: UnreadBasis;
  /** The rows last answered, in the basis's order: answered again as they are when nothing changed. */
  answered: readonly UnreadRow[];
  /** Per room: the stamp it was read at and its row. */
  rooms: Map<string, { stamp: string; row: UnreadRow }>;
}

/**
 * A user's unread counts, recounted only in the rooms where something changed. Every new message
 * in any of a user's rooms makes each of their tabs ask for all their counts again; counting 50
 * rooms walks up to 100 messages in each, while reading what the counts depend on (each room's
 * sequence number, the read position, the notification level, the ignore list) is one short
 * statement. Rooms whose stamp is unchanged keep their row; the others are counted in one
 * statement. The stamp is read before the counts, so a count read later than its stamp is only
 * recounted once more, never served stale. Stamps asked for while another reading of stamps is
 * under way are read together once it ends (see batched-read.ts): the tabs of a room's members
 * asking after its news cost a few statements, not one each.
 */
export function createUnreadSummaryCache(capacity = UNREAD_USERS_REMEMBERED) {
  const users = new Map<string, RememberedCounts>();
  const basisReaders = new WeakMap<Kysely<Database>, (userId: string) => Promise<UnreadBasis | undefined>>();
  const basisOf = async (db: Kysely<Database>, userId: string): Promise<UnreadBasis> => {
    let read = basisReaders.get(db);
    if (!read) {
      read = createBatchedRead((userIds) => readStateRepository(db).unreadBases(userIds));
      basisReaders.set(db, read);
    }
    return (await read(userId)) ?? { rooms: '', ignores: '' };
  };

  return {
    async summary(db: Kysely<Database>, userId: string): Promise<readonly UnreadRow[]> {
      const positions = readStateRepository(db);
      const basis = await basisOf(db, userId);
      const known = users.get(userId);
      if (known && known.basis.rooms === basis.rooms && known.basis.ignores === basis.ignores) {
        users.delete(userId);
        users.set(userId, known);
        return known.answered;
      }
      const reusable = known && known.basis.ignores === basis.ignores ? known.rooms : undefined;
      const current = basisRooms(basis);
      const stale = current.filter((room) => reusable?.get(room.room_id)?.stamp !== room.stamp);
      const counted =
        stale.length === 0
          ? []
          : await positions.unreadSummary(
              userId,
              stale.length === current.length ? undefined : stale.map((room) => room.room_id),
            );
      const fresh = new Map(counted.map((row) => [row.room_id, row]));
      const rooms = new Map<string, { stamp: string; row: UnreadRow }>();
      const rows: UnreadRow[] = [];
      for (const { room_id, stamp } of current) {
        const row = fresh.get(room_id) ?? reusable?.get(room_id)?.row;
        // A room left between the two statements is not counted: left out until the next ask.
        if (!row) continue;
        rows.push(row);
        rooms.set(room_id, { stamp, row });
      }
      users.delete(userId);
      // Rows left out (a room left between the statements): the next ask compares unequal.
      const complete = rows.length === current.length;
      users.set(userId, { basis: complete ? basis : { ...basis, rooms: INCOMPLETE }, answered: rows, rooms });
      while (users.size > capacity) {
        const oldest = users.keys().next().value;
        if (oldest === undefined) break;
        users.delete(oldest);
      }
      return rows;
    },

    get size(): number {
      return users.size;
    },
  };
}
