import { afterEach, expect, it } from 'vitest';
import { startEmulatorServer, type StartedEmulator } from '../../emulator/server';
import { visitorLimitMessage } from '../http/middleware/visitor-rate-limit';
import { VISITOR_SHARE_OF_POOL } from '../services/discovery/visitor-search-share';
import { DATASET_NOW } from '../testing/discovery-fixture';
import { describeEachDatabase } from '../testing/databases';
import { apiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Signed-out visitors share one pool of GitHub searches (the search quota less the reserve kept
 * for signed-in users). One address used to spend all of it in seconds, so every other visitor's
 * search and filtered list answered 503 for the rest of the minute. Each address may spend at most
 * a tenth of the pool, and answers already cached keep being served while the pool is empty.
 */
describeEachDatabase("one visitor cannot spend every visitor's searches", (engine) => {
  let emulator: StartedEmulator | undefined;
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.destroy();
    await emulator?.close();
    testApp = undefined;
    emulator = undefined;
  });

  /**
   * 12 searches a minute: a quarter (3) kept, 9 for visitors, 1 for each address (a tenth of 9,
   * at least one). Few, because the site spaces its searches 2 s apart, as GitHub asks.
   */
  const SEARCH_LIMIT = 12;
  const POOL = SEARCH_LIMIT - SEARCH_LIMIT / 4;
  const PER_ADDRESS = Math.max(1, Math.floor(POOL * VISITOR_SHARE_OF_POOL));

  async function start() {
    emulator = await startEmulatorServer({ rateLimits: { searchAnonymous: SEARCH_LIMIT, coreAnonymous: 100_000 } });
    testApp = await createTestApp({
      engine,
      env: { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url, TRUST_PROXY: '1' },
      now: () => DATASET_NOW,
    });
    const api = apiClient(testApp.app);
    const origin = emulator.url;
    const upstream = async () => {
      const response = await fetch(`${origin}/__control/counters`);
      const counters = (await response.json()) as { byPath: Record<string, number> };
      return counters.byPath['/search/repositories'] ?? 0;
    };
    const from = (address: string) => (path: string) => api.get(path, { headers: { 'x-forwarded-for': address } });
    return { from, upstream };
  }

  const search = (q: string, extra = '') => `/api/discovery/search?q=${encodeURIComponent(q)}${extra}`;

  it(`an address spends at most ${VISITOR_SHARE_OF_POOL * 100} % of the visitors' pool; the rest stays for the others`, async () => {
    const { from, upstream } = await start();
    expect(PER_ADDRESS).toBe(1);
    const greedy = from('203.0.113.7');
    for (let i = 0; i < PER_ADDRESS; i++) expect((await greedy(search(`database ${i}`))).statusCode).toBe(200);
    const refused = await greedy(search('database 99'));
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: visitorLimitMessage(seconds), retryAfterSeconds: seconds },
    });
    // A filtered list is a search of the visitor's own too.
    expect((await greedy('/api/discovery/trending?language=Rust')).statusCode).toBe(429);
    expect(await upstream()).toBe(PER_ADDRESS);
    // What the address searched before is still answered, from the cache.
    expect((await greedy(search('database 0'))).statusCode).toBe(200);
    expect(await upstream()).toBe(PER_ADDRESS);
    // Another visitor searches as usual.
    expect((await from('198.51.100.20')(search('compiler'))).statusCode).toBe(200);
    expect(await upstream()).toBe(PER_ADDRESS + 1);
  });

  it('while the pool is empty, cached answers (same query, same filters) keep being served', async () => {
    const { from, upstream } = await start();
    const first = from('203.0.113.1');
    const cached = search('database', '&language=Rust');
    expect((await first(cached)).statusCode).toBe(200);
    // Nine addresses, one search each, spend the visitors' pool.
    for (let address = 1; address < POOL; address++) {
      expect((await from(`198.51.100.${address}`)(search(`query ${address}`))).statusCode).toBe(200);
    }
    expect(await upstream()).toBe(POOL);

    const latecomer = from('192.0.2.50');
    const empty = await latecomer(search('something new'));
    expect(empty.statusCode).toBe(503);
    expect(empty.json()).toMatchObject({ error: { code: 'upstream_rate_limited' } });
    // The same query with the same filters was answered before: it is served from the cache.
    const served = await latecomer(cached);
    expect(served.statusCode).toBe(200);
    expect((served.json() as { repositories: unknown[] }).repositories.length).toBeGreaterThan(0);
    expect(await upstream()).toBe(POOL);
  });
});
