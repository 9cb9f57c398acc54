import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

let c: Client;
let token: string;

beforeAll(async () => {
  c = await startClient();
});
beforeEach(async () => {
  await c.control('/reset');
  token = await c.token('ada-demo');
});
afterAll(() => c.close());

describe('request checks', () => {
  it('403 text/html without a User-Agent', async () => {
    const res = await fetch(`${c.server.url}/api/v3/repos/facebook/react`, { headers: { 'user-agent': '' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('User-Agent');
  });

  it('400 for an unknown X-GitHub-Api-Version; known versions are echoed', async () => {
    const bad = await c.get('/api/v3/repos/facebook/react', { headers: { 'x-github-api-version': '2020-01-01' } });
    expect(bad.status).toBe(400);
    for (const v of ['2022-11-28', '2026-03-10']) {
      const ok = await c.get('/api/v3/repos/facebook/react', { headers: { 'x-github-api-version': v } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-github-api-version-selected')).toBe(v);
    }
    expect((await c.get('/api/v3/repos/facebook/react')).headers.get('x-github-api-version-selected')).toBe(
      '2022-11-28',
    );
  });

  it('401 Bad credentials for an unknown token, also on public endpoints', async () => {
    const res = await c.get('/api/v3/repos/facebook/react', { token: 'gho_notarealtoken' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Bad credentials' });
  });

  it('401 Requires authentication for /user without a token', async () => {
    const res = await c.get('/api/v3/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Requires authentication' });
  });

  it('accepts both Bearer and token schemes and reports scopes', async () => {
    for (const scheme of ['Bearer', 'token']) {
      const res = await c.get('/api/v3/user', { headers: { authorization: `${scheme} ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-oauth-scopes')).toBe('read:user, user:email');
    }
  });

  it('404 with GitHub body for unknown paths', async () => {
    const res = await c.get('/api/v3/nothing/here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Not Found', documentation_url: expect.any(String) });
  });
});

describe('response headers', () => {
  it('sets the standard headers on an anonymous single resource', async () => {
    const res = await c.get('/api/v3/repos/facebook/react');
    const h = res.headers;
    expect(h.get('content-type')).toBe('application/json; charset=utf-8');
    expect(h.get('x-github-request-id')).toBeTruthy();
    expect(h.get('etag')).toMatch(/^W\/"[0-9a-f]{64}"$/);
    expect(h.get('last-modified')).toMatch(/GMT$/);
    expect(h.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(h.get('vary')).toBe('Accept, Authorization, Accept-Encoding');
    expect(h.get('x-ratelimit-limit')).toBe('60');
    expect(h.get('x-ratelimit-remaining')).toBe('59');
    expect(h.get('x-ratelimit-used')).toBe('1');
    expect(Number(h.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(h.get('x-ratelimit-resource')).toBe('core');
    expect(h.get('x-oauth-scopes')).toBeNull();
  });

  it('uses private caching and the 5000 bucket with a token', async () => {
    const res = await c.get('/api/v3/repos/facebook/react', { token });
    expect(res.headers.get('cache-control')).toBe('private, max-age=60, s-maxage=60');
    expect(res.headers.get('x-ratelimit-limit')).toBe('5000');
  });

  it('answers 304 for a matching If-None-Match without spending quota', async () => {
    const first = await c.get('/api/v3/repos/facebook/react', { token });
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4999');
    const again = await c.get('/api/v3/repos/facebook/react', { token, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('x-ratelimit-remaining')).toBe('4999');
    expect(again.headers.get('etag')).toBe(etag);
    const changed = await c.get('/api/v3/repos/facebook/react', { token, headers: { 'if-none-match': 'W/"other"' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('x-ratelimit-remaining')).toBe('4998');
  });

  it('answers 304 for If-Modified-Since on single resources', async () => {
    const first = await c.get('/api/v3/users/ada-demo');
    const res = await c.get('/api/v3/users/ada-demo', {
      headers: { 'if-modified-since': first.headers.get('last-modified') ?? '' },
    });
    expect(res.status).toBe(304);
  });
});

describe('pagination', () => {
  it('builds Link headers like GitHub (first/prev/next/last as they apply)', async () => {
    const base = `${c.server.url}/api/v3/repos/facebook/react/issues`;
    const first = await c.get('/api/v3/repos/facebook/react/issues?state=all&per_page=10');
    const total = (await c.get('/api/v3/repos/facebook/react/issues?state=all&per_page=100')).headers;
    expect(total.get('link')).toBeNull();
    const link1 = first.headers.get('link') ?? '';
    expect(link1).toMatch(
      new RegExp(
        `^<${base}\\?state=all&per_page=10&page=2>; rel="next", <${base}\\?state=all&per_page=10&page=(\\d+)>; rel="last"$`,
      ),
    );
    const last = Number(/page=(\d+)>; rel="last"/.exec(link1)?.[1]);
    const middle =
      (await c.get(`/api/v3/repos/facebook/react/issues?state=all&per_page=10&page=2`)).headers.get('link') ?? '';
    expect(middle.split(', ').map((p) => /rel="(\w+)"/.exec(p)?.[1])).toEqual(
      last > 2 ? ['prev', 'next', 'last', 'first'] : ['prev', 'first'],
    );
    const end = await c.get(`/api/v3/repos/facebook/react/issues?state=all&per_page=10&page=${last}`);
    expect(
      end.headers
        .get('link')
        ?.split(', ')
        .map((p) => /rel="(\w+)"/.exec(p)?.[1]),
    ).toEqual(['prev', 'first']);
    expect(((await end.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('defaults to 30 per page and caps per_page at 100', async () => {
    const all = (await (await c.get('/api/v3/search/repositories?q=stars:>0&per_page=500', { token })).json()) as {
      items: unknown[];
    };
    expect(all.items).toHaveLength(100);
    const def = (await (await c.get('/api/v3/search/repositories?q=stars:>0', { token })).json()) as {
      items: unknown[];
    };
    expect(def.items).toHaveLength(30);
  });
});

describe('rate limits', () => {
  it('exhausts the anonymous core bucket at 60 and resets with the clock', async () => {
    let now = Date.UTC(2025, 5, 1);
    const local = await startClient({ now: () => now });
    try {
      for (let i = 0; i < 60; i++) expect((await local.get('/api/v3/users/ada-demo')).status).toBe(200);
      const res = await local.get('/api/v3/users/ada-demo');
      expect(res.status).toBe(403);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(now / 1000 + 3600));
      const body = (await res.json()) as { message: string; documentation_url: string };
      expect(body.message).toMatch(/^API rate limit exceeded for /);
      expect(body.documentation_url).toContain('docs.github.com');
      now += 3600 * 1000;
      const after = await local.get('/api/v3/users/ada-demo');
      expect(after.status).toBe(200);
      expect(after.headers.get('x-ratelimit-remaining')).toBe('59');
    } finally {
      await local.close();
    }
  });

  it('limits search separately: 10/min anonymous, 30/min with a token', async () => {
    for (let i = 0; i < 10; i++) expect((await c.get('/api/v3/search/repositories?q=react')).status).toBe(200);
    const blocked = await c.get('/api/v3/search/repositories?q=react');
    expect(blocked.status).toBe(403);
    expect(blocked.headers.get('x-ratelimit-resource')).toBe('search');
    expect((await c.get('/api/v3/repos/facebook/react')).status).toBe(200);
    const authed = await c.get('/api/v3/search/repositories?q=react', { token });
    expect(authed.headers.get('x-ratelimit-limit')).toBe('30');
  });

  it('uses small limits set through the control API, per token', async () => {
    await c.control('/rate-limits', 'PUT', { coreAuthenticated: 2 });
    expect((await c.get('/api/v3/user', { token })).status).toBe(200);
    expect((await c.get('/api/v3/user', { token })).status).toBe(200);
    const res = await c.get('/api/v3/user', { token });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('API rate limit exceeded for user ID');
    const other = await c.token('grace-demo');
    expect((await c.get('/api/v3/user', { token: other })).status).toBe(200);
  });

  it('keeps the buckets of a scope apart from the default ones (same address, same token)', async () => {
    const local = await startClient({
      rateLimits: { searchAnonymous: 2 },
      bucketScope: (req) => (req.headers['x-caller'] === 'host' ? '' : 'outside'),
    });
    try {
      const host = { headers: { 'x-caller': 'host' } };
      expect((await local.get('/api/v3/search/repositories?q=go', host)).headers.get('x-ratelimit-used')).toBe('1');
      for (const used of ['1', '2']) {
        const res = await local.get('/api/v3/search/repositories?q=go');
        expect(res.headers.get('x-ratelimit-used')).toBe(used);
      }
      expect((await local.get('/api/v3/search/repositories?q=go')).status).toBe(403);
      // The host's bucket is untouched by the spent outside one.
      const again = await local.get('/api/v3/search/repositories?q=go', host);
      expect(again.status).toBe(200);
      expect(again.headers.get('x-ratelimit-used')).toBe('2');
      const token = await local.token('ada-demo');
      expect((await local.get('/api/v3/user', { token, ...host })).headers.get('x-ratelimit-used')).toBe('1');
      expect((await local.get('/api/v3/user', { token })).headers.get('x-ratelimit-used')).toBe('1');
    } finally {
      await local.close();
    }
  });

  it('accepts limits as an option', async () => {
    const local = await startClient({ rateLimits: { searchAnonymous: 1 } });
    try {
      expect((await local.get('/api/v3/search/repositories?q=go')).status).toBe(200);
      expect((await local.get('/api/v3/search/repositories?q=go')).status).toBe(403);
    } finally {
      await local.close();
    }
  });
});

describe('control switches', () => {
  it('secondary rate limit for the next N requests, with retry-after', async () => {
    await c.control('/secondary-rate-limit', 'POST', { count: 2, retryAfter: 7 });
    for (let i = 0; i < 2; i++) {
      const res = await c.get('/api/v3/repos/facebook/react');
      expect(res.status).toBe(403);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(((await res.json()) as { message: string }).message).toContain('You have exceeded a secondary rate limit');
    }
    expect((await c.get('/api/v3/repos/facebook/react')).status).toBe(200);
  });

  it('forced failures for a path prefix until cleared', async () => {
    await c.control('/failures', 'POST', { pathPrefix: '/search' });
    expect((await c.get('/api/v3/search/repositories?q=go')).status).toBe(503);
    expect((await c.get('/api/v3/repos/facebook/react')).status).toBe(200);
    await c.control('/failures', 'POST', { pathPrefix: '/api/v3/repos/facebook', status: 500 });
    expect((await c.get('/api/v3/repos/facebook/react')).status).toBe(500);
    await c.control('/failures', 'DELETE', {});
    expect((await c.get('/api/v3/search/repositories?q=go')).status).toBe(200);
  });

  it('counts API requests in total and per path, including 304s and errors', async () => {
    await c.control('/counters', 'DELETE');
    const first = await c.get('/api/v3/repos/facebook/react');
    await c.get('/api/v3/repos/facebook/react', { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    await c.get('/api/v3/repos/nobody/nothing');
    await c.get('/avatars/ada-demo');
    const counters = (await (await c.control('/counters', 'GET')).json()) as {
      total: number;
      byPath: Record<string, number>;
    };
    expect(counters).toEqual({ total: 3, byPath: { '/repos/facebook/react': 2, '/repos/nobody/nothing': 1 } });
  });

  it('issues tokens for demo logins only, and reset forgets them', async () => {
    const bad = await c.control('/tokens', 'POST', { login: 'facebook' });
    expect(bad.status).toBe(422);
    const t = await c.token('ken-demo', ['read:user']);
    expect(((await (await c.get('/api/v3/user', { token: t })).json()) as { login: string }).login).toBe('ken-demo');
    await c.control('/reset');
    expect((await c.get('/api/v3/user', { token: t })).status).toBe(401);
  });

  it('lists demo logins and documents itself', async () => {
    expect(await (await c.control('/demo-logins', 'GET')).json()).toEqual(c.server.emulator.demoLogins());
    expect(await (await c.control('', 'GET')).json()).toHaveProperty(['POST /__control/reset']);
  });
});

describe('avatars', () => {
  it('serves deterministic SVGs with a long cache and uses them as avatar_url', async () => {
    const res = await fetch(`${c.server.url}/avatars/ada-demo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    expect(await res.text()).toMatch(/^<svg /);
    const user = (await (await c.get('/api/v3/users/ada-demo')).json()) as { avatar_url: string; html_url: string };
    expect(user.avatar_url).toBe(`${c.server.url}/avatars/ada-demo`);
    expect(user.html_url).toBe('https://github.com/ada-demo');
  });

  it('leaves foreign paths to the caller', async () => {
    const res = await fetch(`${c.server.url}/somewhere-else`);
    expect(res.status).toBe(404);
  });
});
