import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrator';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const IN_CI = process.env.CI === 'true';

let postgresReachable: Promise<boolean> | undefined;

/** Whether the PostgreSQL test server answers (checked once per process). */
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresReachable;
}

export interface TestDatabase extends DatabaseHandle {
  /** The URL this database was opened from (postgres: plus `schema`). */
  url: string;
  schema: string | undefined;
  /** Closes and deletes the database (file or schema). */
  destroy(): Promise<void>;
}

/**
 * A fresh database: a temp SQLite file, or a new schema in the PostgreSQL test database. Migrated
 * to the latest version unless `migrate` is false (migration tests apply migrations themselves).
 */
export async function createTestDatabase(
  engine: DatabaseEngine,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-test-'));
    const url = `sqlite:${path.join(dir, 'test.db')}`;
    const handle = await openDatabase(url);
    if (migrate) await migrateToLatest(handle);
    return {
      ...handle,
      url,
      schema: undefined,
      async destroy() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handle = await openDatabase(TEST_DATABASE_URL, { schema, poolSize: 5 });
  if (migrate) await migrateToLatest(handle);
  return {
    ...handle,
    url: TEST_DATABASE_URL,
    schema,
    async destroy() {
      await handle.close();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs a suite once on SQLite and once on PostgreSQL. Without PostgreSQL the second run is
 * skipped loudly, except under CI=true where it fails.
 */
export function describeEachDatabase(title: string, suite: (engine: DatabaseEngine) => void): void {
  describe(`${title} [sqlite]`, () => suite('sqlite'));
  describePostgres(`${title} [postgres]`, () => suite('postgres'));
}

/** A suite that needs PostgreSQL: skipped loudly without it, except under CI=true where it fails. */
export function describePostgres(title: string, suite: () => void): void {
  describe(title, async () => {
    if (!(await isPostgresReachable())) {
      if (IN_CI) throw new Error(`PostgreSQL is required under CI=true but ${TEST_DATABASE_URL} is unreachable`);
      console.warn(`\n!!! SKIPPING PostgreSQL run of "${title}": ${TEST_DATABASE_URL} is unreachable\n`);
      describe.skip('postgres unavailable', () => undefined);
      return;
    }
    suite();
  });
}
