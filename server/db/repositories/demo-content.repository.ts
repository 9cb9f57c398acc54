import type { Kysely } from 'kysely';
import type { Database, NewProfile } from '../schema';

type Db = Kysely<Database>;

/** Writes the demo site's fictional accounts (they never sign in, so sign-in's upsert does not apply). */
export function demoContentRepository(db: Db) {
  return {
    /**
     * Inserts the profile unless one exists for its GitHub id (or, should the username be taken
     * meanwhile, any unique key): true when this call created it. Never fails on a conflict, so
     * it is safe inside a PostgreSQL transaction and against a second process seeding at once.
     */
    async insertProfileIfAbsent(profile: NewProfile): Promise<boolean> {
      const inserted = await db
        .insertInto('profiles')
        .values(profile)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findProfileIdByGithubId(githubId: number): Promise<string | undefined> {
      const row = await db.selectFrom('profiles').select('id').where('github_id', '=', githubId).executeTakeFirst();
      return row?.id;
    },
  };
}
export type DemoContentRepository = ReturnType<typeof demoContentRepository>;
