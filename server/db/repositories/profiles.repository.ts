import { sql, type Kysely } from 'kysely';
import type { Database, ProfileRow, ProfileUpdate } from '../schema';
import { isUniqueViolation } from '../unique-violation';

/** Columns a user edits on their own profile (docs/PRODUCT.md §6: only by their owner). */
export type ProfileEditableFields = Pick<
  ProfileUpdate,
  | 'username'
  | 'display_name'
  | 'bio'
  | 'theme_preference'
  | 'show_github_stats'
  | 'show_repositories'
  | 'show_contributions'
  | 'show_location'
  | 'show_company'
  | 'profile_visibility'
>;

/** Columns refreshed from GitHub by a sync. */
export type ProfileGithubFields = Pick<
  ProfileUpdate,
  | 'github_username'
  | 'github_url'
  | 'github_created_at'
  | 'avatar_url'
  | 'company'
  | 'location'
  | 'blog'
  | 'github_bio'
  | 'public_repos'
  | 'followers'
  | 'following'
  | 'contribution_streak'
  | 'language_stats'
  | 'github_synced_at'
>;

export type ProfileEditResult = 'updated' | 'not_found' | 'username_taken';

export function profilesRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<ProfileRow | undefined> {
      return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Whether an account other than `exceptId` has this GitHub login (any case) on its profile. */
    async isGithubLoginOfAnother(login: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('profiles')
        .select('id')
        .where(sql<string>`lower(github_username)`, '=', login.toLowerCase())
        .where('id', '<>', exceptId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Updates the given user's editable columns. The unique index on lower(username) decides
     * collisions, so two saves racing for one name cannot both succeed.
     */
    async updateEditable(id: string, fields: ProfileEditableFields, updatedAt: string): Promise<ProfileEditResult> {
      try {
        const result = await db
          .updateTable('profiles')
          .set({ ...fields, updated_at: updatedAt })
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? 'updated' : 'not_found';
      } catch (error) {
        if (isUniqueViolation(error)) return 'username_taken';
        throw error;
      }
    },

    /** Writes synced GitHub data; inside a transaction this also locks the row (serialising syncs). */
    async updateGithubFields(id: string, fields: ProfileGithubFields, updatedAt: string): Promise<boolean> {
      const result = await db
        .updateTable('profiles')
        .set({ ...fields, updated_at: updatedAt })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type ProfilesRepository = ReturnType<typeof profilesRepository>;
