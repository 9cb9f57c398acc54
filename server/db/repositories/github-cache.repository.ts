import type { Kysely, Selectable } from 'kysely';
import type { Database, GithubCacheTable } from '../schema';

export type GithubCacheRow = Selectable<GithubCacheTable>;

/** Stored GitHub GET responses with their validators (ETag / Last-Modified). */
export function githubCacheRepository(db: Kysely<Database>) {
  return {
    async find(key: string): Promise<GithubCacheRow | undefined> {
      return db.selectFrom('github_cache').selectAll().where('key', '=', key).executeTakeFirst();
    },
    async save(row: GithubCacheRow): Promise<void> {
      await db
        .insertInto('github_cache')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            status: row.status,
            etag: row.etag,
            last_modified: row.last_modified,
            body: row.body,
            fetched_at: row.fetched_at,
          }),
        )
        .execute();
    },
    /** A 304 confirmed the stored body: it counts as fresh again. */
    async touch(key: string, fetchedAt: string): Promise<void> {
      await db.updateTable('github_cache').set({ fetched_at: fetchedAt }).where('key', '=', key).execute();
    },
    /**
     * Keeps the `maxRows` most recently refreshed rows. The boundary is read through the
     * fetched_at index, so this costs one short index walk and the deletion itself.
     */
    async keepNewest(maxRows: number): Promise<number> {
      const boundary = db
        .selectFrom('github_cache')
        .select('fetched_at')
        .orderBy('fetched_at', 'desc')
        .limit(1)
        .offset(maxRows);
      const result = await db.deleteFrom('github_cache').where('fetched_at', '<=', boundary).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('github_cache')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async deleteOlderThan(fetchedBefore: string): Promise<number> {
      const result = await db.deleteFrom('github_cache').where('fetched_at', '<', fetchedBefore).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type GithubCacheRepository = ReturnType<typeof githubCacheRepository>;
