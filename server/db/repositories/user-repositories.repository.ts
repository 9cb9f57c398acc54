import type { Kysely } from 'kysely';
import type { Database, UserRepositoryRow } from '../schema';

export type NewUserRepository = Omit<UserRepositoryRow, 'id' | 'user_id'>;

export function userRepositoriesRepository(db: Kysely<Database>) {
  return {
    /** The user's repositories, most stars first. */
    async listByUser(userId: string, limit: number): Promise<UserRepositoryRow[]> {
      return db
        .selectFrom('user_repositories')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('stars_count', 'desc')
        .orderBy('repo_name', 'asc')
        .limit(limit)
        .execute();
    },

    /** Deletes every row of the user and inserts the new set; call inside a transaction. */
    async replaceForUser(userId: string, rows: Array<NewUserRepository & { id: string }>): Promise<void> {
      await db.deleteFrom('user_repositories').where('user_id', '=', userId).execute();
      if (rows.length === 0) return;
      await db
        .insertInto('user_repositories')
        .values(rows.map((row) => ({ ...row, user_id: userId })))
        .execute();
    },
  };
}
export type UserRepositoriesRepository = ReturnType<typeof userRepositoriesRepository>;
