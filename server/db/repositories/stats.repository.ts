import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

export interface SiteCounts {
  rooms: number;
  /** Distinct users with at least one active membership. */
  members: number;
  messages: number;
}

/** Site-wide counts for the home page's tiles. */
export function statsRepository(db: Kysely<Database>) {
  return {
    /**
     * What changes whenever a count may have: the number of rooms and the sum of their sequences
     * (every join, leave, message and delete moves its room's sequence). One pass over the rooms.
     */
    async fingerprint(): Promise<string> {
      const row = await db
        .selectFrom('chat_rooms')
        .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number | string | null>`sum(last_seq)`.as('seq')])
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}:${String(row.seq ?? 0)}`;
    },

    async countSite(): Promise<SiteCounts> {
      const [rooms, members, messages] = await Promise.all([
        db
          .selectFrom('chat_rooms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('chat_members')
          .select(sql<number>`count(distinct user_id)`.as('n'))
          .where('left_at', 'is', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { rooms: Number(rooms.n), members: Number(members.n), messages: Number(messages.n) };
    },
  };
}
