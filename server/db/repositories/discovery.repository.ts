import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/** A repository's room as discovery sees it: one room per repository (repo_key is unique). */
export interface RoomActivityRow {
  room_id: string;
  repo_full_name: string;
  repo_key: string;
  last_activity_at: string;
  active_members: number;
  /** Only read by mostRecentlyMessaged. */
  last_message_at?: string | null;
}

/** Which rooms a chat filter selects, by active member count. */
export interface MemberCountRange {
  min: number;
  /** Inclusive; undefined = no upper bound. */
  max?: number;
}

/** Reads about rooms and their active members for the discovery lists and filters. */
export function discoveryRepository(db: Kysely<Database>) {
  const activeMembers = db
    .selectFrom('chat_members')
    .select(['room_id', sql<number>`count(*)`.as('active_members')])
    .where('left_at', 'is', null)
    .groupBy('room_id')
    .as('m');

  const roomsWithCounts = () =>
    db
      .selectFrom('chat_rooms as r')
      .leftJoin(activeMembers, 'm.room_id', 'r.id')
      .select([
        'r.id as room_id',
        'r.repo_full_name',
        'r.repo_key',
        'r.last_activity_at',
        sql<number>`coalesce(m.active_members, 0)`.as('active_members'),
      ]);

  return {
    /** Rooms of the given repositories (keys are lower-cased full names). */
    async roomsForRepos(repoKeys: string[]): Promise<RoomActivityRow[]> {
      if (repoKeys.length === 0) return [];
      const rows = await roomsWithCounts().where('r.repo_key', 'in', repoKeys).execute();
      return rows.map(normalise);
    },

    /** Rooms whose active member count is in range, most recently active first. */
    async roomsByMemberCount(range: MemberCountRange, limit: number): Promise<RoomActivityRow[]> {
      let query = roomsWithCounts().where(sql<number>`coalesce(m.active_members, 0)`, '>=', range.min);
      if (range.max !== undefined) query = query.where(sql<number>`coalesce(m.active_members, 0)`, '<=', range.max);
      const rows = await query.orderBy('r.last_activity_at', 'desc').orderBy('r.id').limit(limit).execute();
      return rows.map(normalise);
    },

    /**
     * Rooms people are talking in: the newest message first. Rooms without any message are left
     * out (joining or leaving is not conversation). Reads messages_room_time_idx.
     */
    async mostRecentlyMessaged(limit: number): Promise<RoomActivityRow[]> {
      const lastMessages = db
        .selectFrom('messages')
        .select(['room_id', sql<string>`max(created_at)`.as('last_message_at')])
        .groupBy('room_id')
        .as('lm');
      const rows = await roomsWithCounts()
        .innerJoin(lastMessages, 'lm.room_id', 'r.id')
        .select('lm.last_message_at')
        .orderBy('lm.last_message_at', 'desc')
        .orderBy('r.id')
        .limit(limit)
        .execute();
      return rows.map(normalise);
    },

    /** The rooms with the most recent activity (one per repository by construction). */
    async mostRecentlyActive(limit: number): Promise<RoomActivityRow[]> {
      const rows = await roomsWithCounts().orderBy('r.last_activity_at', 'desc').orderBy('r.id').limit(limit).execute();
      return rows.map(normalise);
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof discoveryRepository>;

function normalise(row: RoomActivityRow): RoomActivityRow {
  // PostgreSQL count() is bigint; it is parsed as a number, SQLite returns a number already.
  return { ...row, active_members: Number(row.active_members) };
}
