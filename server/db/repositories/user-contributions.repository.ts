import type { Kysely } from 'kysely';
import type { Database, UserContributionRow } from '../schema';

export type NewUserContribution = Omit<UserContributionRow, 'id' | 'user_id'>;

export function userContributionsRepository(db: Kysely<Database>) {
  return {
    /** The user's contributions, highest count first. */
    async listByUser(userId: string, limit: number): Promise<UserContributionRow[]> {
      return db
        .selectFrom('user_contributions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('contribution_count', 'desc')
        .orderBy('repo_full_name', 'asc')
        .orderBy('contribution_type', 'asc')
        .limit(limit)
        .execute();
    },

    /** Deletes every row of the user and inserts the new set; call inside a transaction. */
    async replaceForUser(userId: string, rows: Array<NewUserContribution & { id: string }>): Promise<void> {
      await db.deleteFrom('user_contributions').where('user_id', '=', userId).execute();
      if (rows.length === 0) return;
      await db
        .insertInto('user_contributions')
        .values(rows.map((row) => ({ ...row, user_id: userId })))
        .execute();
    },
  };
}
export type UserContributionsRepository = ReturnType<typeof userContributionsRepository>;
