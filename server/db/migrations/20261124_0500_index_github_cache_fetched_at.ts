import type { Kysely } from 'kysely';

/** The cache is cut to its newest rows by fetched_at: the boundary is found through this index. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('github_cache_fetched_at_idx').on('github_cache').column('fetched_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('github_cache_fetched_at_idx').execute();
}
