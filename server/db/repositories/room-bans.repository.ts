import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

export interface BanWithProfileRow {
  user_id: string;
  banned_by: string;
  created_at: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  github_username: string | null;
}

/** Who is banned from which room (db may be a transaction). */
export function roomBansRepository(db: Db) {
  return {
    async isBanned(roomId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('room_bans')
        .select('user_id')
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** False when the person was already banned. */
    async insert(ban: { room_id: string; user_id: string; banned_by: string; created_at: string }): Promise<boolean> {
      const result = await db
        .insertInto('room_bans')
        .values(ban)
        .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** False when the person was not banned. */
    async delete(roomId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('room_bans')
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The room's bans with the banned people's public fields, newest first. */
    async list(roomId: string): Promise<BanWithProfileRow[]> {
      return db
        .selectFrom('room_bans as b')
        .innerJoin('profiles as p', 'p.id', 'b.user_id')
        .select([
          'b.user_id',
          'b.banned_by',
          'b.created_at',
          'p.username',
          'p.display_name',
          'p.avatar_url',
          'p.github_username',
        ])
        .where('b.room_id', '=', roomId)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.user_id')
        .execute();
    },
  };
}
