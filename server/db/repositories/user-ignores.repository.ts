import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** Whom each user ignores (db may be a transaction). */
export function userIgnoresRepository(db: Db) {
  return {
    async add(userId: string, ignoredUserId: string, at: string): Promise<void> {
      await db
        .insertInto('user_ignores')
        .values({ user_id: userId, ignored_user_id: ignoredUserId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'ignored_user_id']).doNothing())
        .execute();
    },

    async remove(userId: string, ignoredUserId: string): Promise<void> {
      await db
        .deleteFrom('user_ignores')
        .where('user_id', '=', userId)
        .where('ignored_user_id', '=', ignoredUserId)
        .execute();
    },

    /** The people the user ignores with their public fields, newest first. */
    async list(userId: string) {
      return db
        .selectFrom('user_ignores as i')
        .innerJoin('profiles as p', 'p.id', 'i.ignored_user_id')
        .select(['p.id', 'p.username', 'p.display_name', 'p.avatar_url', 'p.github_username', 'i.created_at'])
        .where('i.user_id', '=', userId)
        .orderBy('i.created_at', 'desc')
        .orderBy('p.id')
        .execute();
    },

    /** Of these users, those who ignore `authorId`. */
    async whoIgnore(authorId: string, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('user_ignores')
        .select('user_id')
        .where('ignored_user_id', '=', authorId)
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },
  };
}
