/** Applies pending migrations to DATABASE_URL (start-up does the same). */
import { ConfigError, loadConfig } from '../server/config/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrator';

try {
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl);
  const result = await migrateToLatest(handle);
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date\n');
  await handle.close();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Migration failed: ${String(error)}`}\n`);
  process.exit(1);
}
