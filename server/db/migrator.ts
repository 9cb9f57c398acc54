import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './database';
import { migrations } from './migrations/index';

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationResultSet> {
  // Kysely looks for its bookkeeping tables in every schema it can see; pin them to ours so another
  // schema's tables (parallel test schemas on one PostgreSQL database) are never mistaken for them.
  const schema =
    handle.engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return result;
}
