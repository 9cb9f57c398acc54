import { afterEach, expect, it } from 'vitest';
import { startEmulatorServer, type StartedEmulator } from '../../emulator/server';
import { githubCacheRepository } from '../db/repositories/github-cache.repository';
import { visitorLimitMessage, VISITOR_RATES } from '../http/middleware/visitor-rate-limit';
import { DATASET_NOW } from '../testing/discovery-fixture';
import { buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

interface Counters {
  total: number;
  byPath: Record<string, number>;
}

/**
 * What an anonymous crowd can cost the site's GitHub quota. Each test gets its own emulator
 * (its request counters and rate limits are what GitHub would see) and its own app.
 */
describeEachDatabase('GitHub quota against anonymous visitors', (engine) => {
  let emulator: StartedEmulator | undefined;
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.destroy();
    await emulator?.close();
    testApp = undefined;
    emulator = undefined;
  });

  async function start(options: { env?: Record<string, string> } = {}) {
    emulator = await startEmulatorServer({ rateLimits: { searchAnonymous: 100_000, coreAnonymous: 100_000 } });
    testApp = await createTestApp({
      engine,
      env: { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url, ...options.env },
      now: () => DATASET_NOW,
    });
    const user = await buildUser(testApp.database.db);
    const origin = emulator.url;
    const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${origin}/__control/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      });
      return (await response.json()) as T;
    };
    return {
      app: testApp,
      api: apiClient(testApp.app) as ApiClient,
      cookie: await signIn(testApp, user.id),
      control,
      upstream: async (path: string) => (await control<Counters>('GET', 'counters')).byPath[path] ?? 0,
    };
  }

  it('limits signed-out visitors per IP on every route that can reach GitHub, with 429 and Retry-After', async () => {
    const { api, cookie } = await start();
    const routes = [
      { path: '/api/discovery/trending', rate: VISITOR_RATES.list },
      { path: '/api/discovery/recent', rate: VISITOR_RATES.list },
      { path: '/api/discovery/active', rate: VISITOR_RATES.list },
      { path: '/api/discovery/search?q=react', rate: VISITOR_RATES.search },
      { path: '/api/repos/facebook/react', rate: VISITOR_RATES.repository },
      { path: '/api/repos/facebook/react/good-first-issues', rate: VISITOR_RATES.repository },
    ];
    for (const { path, rate } of routes) {
      for (let i = 0; i < rate.limit; i++) {
        const allowed = await api.get(path);
        expect(allowed.statusCode, `${path} #${i + 1}`).toBe(200);
      }
      const refused = await api.get(path);
      expect(refused.statusCode, path).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(rate.windowMs / 1000);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: visitorLimitMessage(retryAfter), retryAfterSeconds: retryAfter },
      });
      // Signed-in users are not counted against the IP.
      expect((await api.get(path, { cookie })).statusCode, `${path} signed in`).toBe(200);
    }
    // Routes that never reach GitHub are not limited by these counters.
    expect((await api.get('/api/stats')).statusCode).toBe(200);
    expect((await api.get('/api/health')).statusCode).toBe(200);
  });

  it('remembers a missing repository: 50 requests for it make one upstream call', async () => {
    const { api, cookie, control, upstream } = await start();
    await control('DELETE', 'counters');
    const missing = '/api/repos/facebook/no-such-repository-anywhere';
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => api.get(missing, { cookie })).concat(
        Array.from({ length: 25 }, () => api.get(missing)),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(404);
    // Asked again one after the other, long after the concurrent burst was coalesced.
    for (let i = 0; i < 10; i++) expect((await api.get(missing, { cookie })).statusCode).toBe(404);
    expect(await upstream('/repos/facebook/no-such-repository-anywhere')).toBe(1);

    const issues = '/api/repos/facebook/no-such-repository-anywhere/good-first-issues';
    for (let i = 0; i < 50; i++) expect((await api.get(issues, { cookie })).json()).toEqual({ issues: [] });
    expect(await upstream('/repos/facebook/no-such-repository-anywhere/issues')).toBe(1);
  });

  it("keeps a reserve of the search quota that visitors' own queries cannot spend", async () => {
    const { api, cookie, control, upstream } = await start({ env: { TRUST_PROXY: '1' } });
    // 8 searches per window: a quarter (2) is kept for signed-in users and the home page's lists.
    await control('PUT', 'rate-limits', { searchAnonymous: 8 });
    await control('DELETE', 'counters');

    // Each from an address of its own: one address may spend only its share of the visitors' pool.
    const visitor = (i: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
    const visitorSearch = (i: number) =>
      api.get(`/api/discovery/search?q=${encodeURIComponent(`database ${i}`)}`, visitor(i));
    for (let i = 0; i < 6; i++) expect((await visitorSearch(i)).statusCode, `search ${i}`).toBe(200);
    const refused = await visitorSearch(6);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      error: { code: 'upstream_rate_limited', message: 'GitHub rate limit reached, try again later' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['cache-control'] ?? '').not.toMatch(/max-age/);
    // A visitor's filtered list is their own query too.
    expect((await api.get('/api/discovery/trending?language=Rust', visitor(7))).statusCode).toBe(503);
    expect(await upstream('/search/repositories')).toBe(6);

    // The home page's own list and a signed-in user's search still get an answer.
    const trending = await api.get('/api/discovery/trending');
    expect(trending.statusCode).toBe(200);
    expect((trending.json() as { repositories: unknown[] }).repositories.length).toBeGreaterThan(0);
    const signedIn = await api.get('/api/discovery/search?q=database', { cookie });
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json() as { repositories: unknown[] }).repositories.length).toBeGreaterThan(0);
    expect(await upstream('/search/repositories')).toBe(8);

    // A visitor query already cached is still answered from the cache.
    expect((await visitorSearch(0)).statusCode).toBe(200);
    expect(await upstream('/search/repositories')).toBe(8);
  });

  it('caps the GitHub cache table, evicting the least recently refreshed rows', async () => {
    const { app, api, cookie, control, upstream } = await start({ env: { GITHUB_CACHE_MAX_ROWS: '100' } });
    const db = app.database.db;
    const cache = githubCacheRepository(db);
    // 300 answers from the last five minutes, as many distinct queries would leave behind (the
    // GitHub client stamps rows with the wall clock).
    const wallClock = Date.now();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      key: `anonymous GET ${emulator!.url}/api/v3/search/repositories?q=query-${i}`,
      status: 200,
      etag: null,
      last_modified: null,
      body: '{"total_count":0,"incomplete_results":false,"items":[]}',
      fetched_at: new Date(wallClock - (300 - i) * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('github_cache')
        .values(rows.slice(i, i + 100))
        .execute();
    expect(await cache.count()).toBe(300);

    // The next answer stored trims the table to the cap, newest first.
    await control('DELETE', 'counters');
    expect((await api.get('/api/repos/nobody/missing', { cookie })).statusCode).toBe(404);
    expect(await cache.count()).toBe(100);
    const kept = async (fragment: string) =>
      (await db.selectFrom('github_cache').select('key').where('key', 'like', `%${fragment}`).executeTakeFirst()) !==
      undefined;
    expect(await kept('/repos/nobody/missing')).toBe(true);
    expect(await kept('q=query-299')).toBe(true);
    expect(await kept('q=query-201')).toBe(true);
    expect(await kept('q=query-200')).toBe(false);
    expect(await kept('q=query-0')).toBe(false);
    // What was kept is still served: the missing repository costs no second call.
    expect((await api.get('/api/repos/nobody/missing', { cookie })).statusCode).toBe(404);
    expect(await upstream('/repos/nobody/missing')).toBe(1);

    // The repository method on its own keeps exactly the newest rows.
    expect(await cache.keepNewest(10)).toBe(90);
    expect(await cache.count()).toBe(10);
    expect(await kept('/repos/nobody/missing')).toBe(true);
    expect(await kept('q=query-291')).toBe(true);
    expect(await kept('q=query-290')).toBe(false);
  });
});
