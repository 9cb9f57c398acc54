import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_CALL_HEADER } from '../github/embedded-emulator';
import { buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient, type ApiClient } from '../testing/http';
import { freePort } from '../testing/services/free-port';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Demo mode: the embedded emulator answers the server's own GitHub calls over loopback, and anyone
 * who reaches the site reaches `/_emulator` too. A reverse proxy on the same host makes every
 * visitor arrive from 127.0.0.1, the server's own address: those calls must not spend the quota
 * the site itself runs on.
 */
describeEachDatabase('the embedded emulator keeps the site’s quota apart from outside callers', (engine) => {
  let testApp: TestApp;
  let api: ApiClient;
  let cookie: string;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    testApp = await createTestApp({ engine, env: { PORT: String(port), HOST: '127.0.0.1' } });
    await testApp.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
    api = apiClient(testApp.app);
    cookie = await signIn(testApp, (await buildUser(testApp.database.db)).id);
  });
  afterAll(() => testApp?.destroy());

  /** A search as a visitor behind a proxy on this host would send it: from 127.0.0.1. */
  const outsideSearch = async (q: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}/_emulator/api/v3/search/repositories?q=${encodeURIComponent(q)}`, {
      headers: { 'user-agent': 'curl/8', ...headers },
    });
    expect(response.status).toBe(200);
    return Number(response.headers.get('x-ratelimit-used'));
  };
  const siteSearchQuota = () => testApp.ctx.github.api.quota().find((q) => q.resource === 'search');

  it('outside searches spend their own bucket, never the server’s, even with a guessed marker', async () => {
    const first = await outsideSearch('react');
    await outsideSearch('vue');
    await outsideSearch('svelte', { [SITE_CALL_HEADER]: 'guessed-value' });
    await outsideSearch('solid', { [SITE_CALL_HEADER]: '' });

    // The server's own search (a signed-in user's query) goes to its own bucket.
    expect((await api.get('/api/discovery/search?q=angular', { cookie })).statusCode).toBe(200);
    const site = siteSearchQuota();
    expect(site).toBeDefined();
    expect(site!.limit - site!.remaining).toBe(1);

    // And the outside bucket did not count the server's call either.
    expect(await outsideSearch('preact')).toBe(first + 4);
  });
});
