import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** Usernames given up by their owners and kept for them for a while (db may be a transaction). */
export function usernameReleasesRepository(db: Db) {
  return {
    /** Who gave up this name (any case) at or after `since`; undefined when nobody did. */
    async holder(username: string, since: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('username_releases')
        .select('user_id')
        .where('username_key', '=', username.toLowerCase())
        .where('released_at', '>=', since)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Keeps the name for `userId` from `at` (replacing an older reservation of it), and drops the
     * reservations that ran out before `expiredBefore`, so the table holds only live ones.
     */
    async reserve(username: string, userId: string, at: string, expiredBefore: string): Promise<void> {
      await db.deleteFrom('username_releases').where('released_at', '<', expiredBefore).execute();
      await db
        .insertInto('username_releases')
        .values({ username_key: username.toLowerCase(), user_id: userId, released_at: at })
        .onConflict((oc) => oc.column('username_key').doUpdateSet({ user_id: userId, released_at: at }))
        .execute();
    },

    /** The name is taken again (by its previous owner, or by anyone once it ran out). */
    async remove(username: string): Promise<void> {
      await db.deleteFrom('username_releases').where('username_key', '=', username.toLowerCase()).execute();
    },
  };
}
