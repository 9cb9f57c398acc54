import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewProfile, ProfileRow } from '../schema';

/** Profile columns that always mirror GitHub; refreshed at every sign-in. */
export type GitHubSourcedFields = Pick<
  NewProfile,
  | 'github_username'
  | 'github_url'
  | 'github_created_at'
  | 'avatar_url'
  | 'company'
  | 'location'
  | 'blog'
  | 'github_bio'
  | 'email'
  | 'public_repos'
  | 'followers'
  | 'following'
  | 'github_token_sealed'
>;

type Db = Kysely<Database> | Transaction<Database>;

/** Accounts as sign-in sees them: profiles keyed by GitHub's numeric user id. */
export function accountsRepository(db: Db) {
  return {
    async findByGithubId(githubId: number): Promise<ProfileRow | undefined> {
      return db.selectFrom('profiles').selectAll().where('github_id', '=', githubId).executeTakeFirst();
    },

    async findById(id: string): Promise<ProfileRow | undefined> {
      return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Whether any profile uses this username, whatever its case. */
    async isUsernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom('profiles')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(profile: NewProfile): Promise<void> {
      await db.insertInto('profiles').values(profile).execute();
    },

    /**
     * Takes a GitHub login off every profile of another GitHub account: logins are unique on
     * GitHub at any moment, and the sign-in just proved who holds this one now. Returns how many.
     */
    async releaseGitHubLogin(login: string, holderGithubId: number, updatedAt: string): Promise<number> {
      const result = await db
        .updateTable('profiles')
        .set({ github_username: null, github_url: null, updated_at: updatedAt })
        .where(sql<string>`lower(github_username)`, '=', login.toLowerCase())
        .where('github_id', '<>', holderGithubId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Refreshes only what GitHub owns; username, display name and bio stay as the user set them. */
    /** `email` left out: the stored address stays. */
    async refreshGitHubFields(
      id: string,
      fields: Omit<GitHubSourcedFields, 'email'> & { email?: string | null },
      updatedAt: string,
    ): Promise<void> {
      await db
        .updateTable('profiles')
        .set({ ...fields, updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
