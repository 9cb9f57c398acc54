import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { oauthStatesRepository } from '../../db/repositories/oauth-states.repository';
import { sessionsRepository } from '../../db/repositories/sessions.repository';
import { buildUser } from '../../testing/builders';
import { describeEachDatabase } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createSessionsService } from '../sessions.service';
import { startExpiredRowsPurge } from './expired-rows-purge';

const silent = pino({ level: 'silent' });
const HOUR = 60 * 60 * 1000;

async function seedRows(db: DatabaseHandle['db'], tag: string, now: number) {
  const user = await buildUser(db);
  const at = (offset: number) => new Date(now + offset).toISOString();
  await db
    .insertInto('sessions')
    .values([
      {
        id: `${tag}-expired`,
        user_id: user.id,
        created_at: at(-40 * 24 * HOUR),
        last_seen_at: at(-31 * 24 * HOUR),
        expires_at: at(-HOUR),
      },
      {
        id: `${tag}-live`,
        user_id: user.id,
        created_at: at(-HOUR),
        last_seen_at: at(-HOUR),
        expires_at: at(24 * HOUR),
      },
    ])
    .execute();
  await db
    .insertInto('oauth_states')
    .values([
      {
        id: `${tag}-expired`,
        browser_binding: 'b',
        code_verifier: 'v',
        return_to: '/',
        created_at: at(-HOUR),
        expires_at: at(-HOUR + 600_000),
      },
      {
        id: `${tag}-pending`,
        browser_binding: 'b',
        code_verifier: 'v',
        return_to: '/',
        created_at: at(0),
        expires_at: at(600_000),
      },
    ])
    .execute();
}

const idsOf = async (db: DatabaseHandle['db']) => ({
  sessions: (await db.selectFrom('sessions').select('id').orderBy('id').execute()).map((r) => r.id),
  oauthStates: (await db.selectFrom('oauth_states').select('id').orderBy('id').execute()).map((r) => r.id),
});

describeEachDatabase('purge of expired sessions and sign-ins', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ engine, purgeIntervalMs: 50 });
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  it('the running app deletes expired rows on its own and keeps the live ones', async () => {
    await seedRows(testApp.database.db, 'app', Date.now());
    await vi.waitFor(
      async () => {
        expect(await idsOf(testApp.database.db)).toEqual({ sessions: ['app-live'], oauthStates: ['app-pending'] });
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('two processes purging the same database at once both succeed, and each row goes once', async () => {
    const db = testApp.database;
    await seedRows(db.db, 'pair', Date.now());
    // A second connection, as another server process would have.
    const other = await openDatabase(db.url, db.schema ? { schema: db.schema } : {});
    try {
      const purgers = [db, other].map((handle) =>
        startExpiredRowsPurge({
          sessions: createSessionsService(sessionsRepository(handle.db)),
          oauthStates: oauthStatesRepository(handle.db),
          logger: silent,
          now: Date.now,
          intervalMs: HOUR,
        }),
      );
      const results = await Promise.all(purgers.map((p) => p.runOnce()));
      await Promise.all(purgers.map((p) => p.stop()));
      // The app's own purge may have taken some first; nothing is deleted twice or left behind.
      expect(results.reduce((sum, r) => sum + r.sessions, 0)).toBeLessThanOrEqual(1);
      expect(await idsOf(db.db)).toEqual({
        sessions: ['app-live', 'pair-live'],
        oauthStates: ['app-pending', 'pair-pending'],
      });
    } finally {
      await other.close();
    }
  });
});

describe('purge schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at intervals and not after stop', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const purge = startExpiredRowsPurge({
      sessions: { purgeExpired: async () => (runs += 1) } as never,
      oauthStates: { deleteExpired: async () => 0 } as never,
      logger: silent,
      now: Date.now,
      intervalMs: 1000,
    });
    // Each wait is 50–150 % of the interval (random): after 1.5 intervals at least one run, and at
    // most three (waits of half an interval).
    await vi.advanceTimersByTimeAsync(1500);
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBeGreaterThanOrEqual(3);
    await purge.stop();
    const stoppedAt = runs;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(stoppedAt);
  });

  it('a failing purge is logged and the schedule goes on', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const warnings: unknown[] = [];
    const purge = startExpiredRowsPurge({
      sessions: {
        purgeExpired: async () => {
          attempts += 1;
          throw new Error('database unavailable');
        },
      } as never,
      oauthStates: { deleteExpired: async () => 0 } as never,
      logger: { info: () => undefined, warn: (obj: unknown) => warnings.push(obj) } as never,
      now: Date.now,
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(3000);
    await purge.stop();
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(warnings).toHaveLength(attempts);
  });
});
