import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';

/**
 * The browser suite's server database (SQLite in the run's server folder, see playwright.config),
 * for tests that need more data than the product's limits let a test create through the UI.
 */
export function openServerDatabase(): Promise<DatabaseHandle> {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set (playwright.config sets it)');
  if (process.env.E2E_DATABASE_URL) return openDatabase(process.env.E2E_DATABASE_URL);
  return openDatabase(`sqlite:${path.join(workDir, 'e2e.db')}`);
}
