import { afterEach, expect, it } from 'vitest';
import { VISITOR_RATES } from '../http/middleware/visitor-rate-limit';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The sign-in start limit (per IP per minute) that bounds pending OAuth rows. */
const STARTS_PER_MINUTE = 60;

/**
 * The client IP decides every per-IP limit. Requests here come from 127.0.0.1 (app.inject) and
 * carry a different forged X-Forwarded-For each time.
 */
describeEachDatabase('client IP and X-Forwarded-For', (engine) => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.destroy();
    testApp = undefined;
  });

  async function startSignIns(env: Record<string, string>, count: number) {
    testApp = await createTestApp({ engine, env });
    const outcomes: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/github/start',
        // Addressed to the public host, as a browser on the site would (a sign-in started at
        // another address is refused before the limit is counted).
        headers: {
          host: new URL(testApp.config.publicUrl).host,
          'x-forwarded-for': `203.0.113.${i % 250}, 198.51.100.${i % 200}`,
        },
      });
      expect(response.statusCode).toBe(302);
      outcomes.push(String(response.headers.location).startsWith('/auth?error=rate_limited') ? 'limited' : 'started');
    }
    const rows = await testApp.database.db
      .selectFrom('oauth_states')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { started: outcomes.filter((o) => o === 'started').length, pendingRows: Number(rows.n) };
  }

  it('by default a forged X-Forwarded-For is ignored: the sign-in start limit and oauth_states stay bounded', async () => {
    const result = await startSignIns({}, STARTS_PER_MINUTE + 40);
    expect(result).toEqual({ started: STARTS_PER_MINUTE, pendingRows: STARTS_PER_MINUTE });
  });

  it('a proxy list that does not include the peer is not trusted either', async () => {
    const result = await startSignIns({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }, STARTS_PER_MINUTE + 5);
    expect(result).toEqual({ started: STARTS_PER_MINUTE, pendingRows: STARTS_PER_MINUTE });
  });

  it('with TRUST_PROXY naming the proxy, X-Forwarded-For gives the client IP', async () => {
    const result = await startSignIns({ TRUST_PROXY: '127.0.0.1/32' }, STARTS_PER_MINUTE + 5);
    expect(result.started).toBe(STARTS_PER_MINUTE + 5);
  });

  it('with a hop count, the address that many hops back is the client', async () => {
    // One proxy: the last X-Forwarded-For entry is the client, whatever the client put before it.
    testApp = await createTestApp({ engine, env: { TRUST_PROXY: '1' } });
    const search = (forwardedFor: string) =>
      testApp!.app.inject({
        method: 'GET',
        url: '/api/discovery/search?q=abc%00',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // The input guard answers 400 without calling GitHub; the limit is counted before it.
    for (let i = 0; i < VISITOR_RATES.search.limit; i++) {
      expect((await search(`198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(400);
    }
    expect((await search('198.51.100.250, 203.0.113.7')).statusCode).toBe(429);
    expect((await search('203.0.113.8')).statusCode).toBe(400);
  });
});
