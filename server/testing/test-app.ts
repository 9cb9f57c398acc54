import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmulatorServer, type StartedEmulator } from '../../emulator/server';
import { buildApp, type BuiltApp } from '../app';
import type { AnswerMismatch } from '../http/contract/answer-check';
import { loadConfig, type Config } from '../config/config';
import { openDatabase, type DatabaseEngine } from '../db/database';
import { createTestDatabase, type TestDatabase } from './databases';

export interface TestApp extends BuiltApp {
  database: TestDatabase;
  config: Config;
  /** The standalone GitHub emulator the app calls, when started with `github: 'emulator'`. */
  emulator: StartedEmulator | undefined;
  /** Answers that broke their route's contract so far (each was answered as a 500 saying why). */
  answerMismatches: AnswerMismatch[];
  /** Closes the app and deletes its database; then fails if any answer broke its contract. */
  destroy(): Promise<void>;
}

export interface TestAppOptions {
  engine?: DatabaseEngine;
  /** Extra environment (e.g. GITHUB_API_URL of a standalone emulator, REDIS_URL). */
  env?: Record<string, string>;
  now?: () => number;
  /**
   * 'emulator': the app's GitHub is a standalone emulator with generous limits (its dataset's
   * real repositories exist; anything else is 404), for tests whose requests reach GitHub, such
   * as the first join of a repository. Otherwise GitHub calls go to the embedded emulator on the
   * configured port, which an app answering only `inject` calls does not serve.
   */
  github?: 'emulator';
  purgeIntervalMs?: number;
  /**
   * How long a message search may read: a tiny one forces incomplete answers. Unless set, a budget
   * no search of a test reaches, so a busy machine never cuts a test's results short.
   */
  searchBudgetMs?: number;
}

/** The search budget of test apps unless a test sets one (see TestAppOptions.searchBudgetMs). */
const TEST_SEARCH_BUDGET_MS = 30_000;

/** The real app on a fresh database, for `app.inject` tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options.engine ?? 'sqlite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-data-'));
  const emulator =
    options.github === 'emulator'
      ? await startEmulatorServer({ rateLimits: { coreAnonymous: 100_000, searchAnonymous: 100_000 } })
      : undefined;
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    // Tests count from an empty site (demo content is written by server/main.ts only, but stays off here too).
    DEMO_CONTENT: 'false',
    ...(emulator ? { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url } : {}),
    ...options.env,
  });
  const answerMismatches: AnswerMismatch[] = [];
  const built = await buildApp(config, {
    database,
    serveClient: false,
    logger: pino({ level: 'silent' }),
    onAnswerMismatch: (mismatch) => answerMismatches.push(mismatch),
    ...(options.now ? { now: options.now } : {}),
    ...(options.purgeIntervalMs ? { purgeIntervalMs: options.purgeIntervalMs } : {}),
    searchBudgetMs: options.searchBudgetMs ?? TEST_SEARCH_BUDGET_MS,
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    emulator,
    answerMismatches,
    async destroy() {
      await built.close();
      await emulator?.close();
      await database.destroy().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
      throwOnMismatches(answerMismatches);
    },
  };
}

/** Every request of a test checks the contract of its route: a broken one fails the suite. */
function throwOnMismatches(mismatches: AnswerMismatch[]): void {
  if (mismatches.length === 0) return;
  const lines = mismatches.map(({ method, url, status, problem }) => `${method} ${url} → ${status}: ${problem}`);
  throw new Error(`Answers broke their contracts (shared/api/*.schemas.ts):\n${lines.join('\n')}`);
}

/**
 * A second process of a test app: its own services, caches and bus on the same database (a new
 * connection to it), answering `inject` calls. Close it before destroying the first.
 */
export async function startSecondProcess(app: TestApp, now?: () => number): Promise<BuiltApp> {
  const database = await openDatabase(
    app.database.url,
    app.database.schema ? { schema: app.database.schema, poolSize: 2 } : {},
  );
  const second = await buildApp(app.config, {
    database,
    serveClient: false,
    logger: pino({ level: 'silent' }),
    onAnswerMismatch: (mismatch) => app.answerMismatches.push(mismatch),
    ...(now ? { now } : {}),
  });
  await second.app.ready();
  return second;
}
