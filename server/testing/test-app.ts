import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config/config';
import type { DatabaseEngine } from '../db/database';
import { createTestDatabase, type TestDatabase } from './databases';

export interface TestApp extends BuiltApp {
  database: TestDatabase;
  config: Config;
  /** Closes the app and deletes its database. */
  destroy(): Promise<void>;
}

export interface TestAppOptions {
  engine?: DatabaseEngine;
  /** Extra environment (e.g. GITHUB_API_URL of a standalone emulator, REDIS_URL). */
  env?: Record<string, string>;
  now?: () => number;
  purgeIntervalMs?: number;
}

/** The real app on a fresh database, for `app.inject` tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options.engine ?? 'sqlite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-data-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    ...options.env,
  });
  const built = await buildApp(config, {
    database,
    serveClient: false,
    logger: pino({ level: 'silent' }),
    ...(options.now ? { now: options.now } : {}),
    ...(options.purgeIntervalMs ? { purgeIntervalMs: options.purgeIntervalMs } : {}),
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    async destroy() {
      await built.close();
      await database.destroy().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
