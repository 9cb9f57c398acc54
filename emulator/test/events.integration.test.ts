import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

const REPO = 'sveltejs/svelte';
const EVENTS = `/api/v3/repos/${REPO}/events`;

interface Event {
  id: string;
  type: string;
  actor: { id: number; login: string; display_login: string; avatar_url: string; url: string };
  repo: { id: number; name: string; url: string };
  payload: Record<string, unknown>;
  public: boolean;
  created_at: string;
}

let c: Client;
let nowMs = Date.UTC(2026, 2, 10, 12, 0, 0);
beforeAll(async () => {
  c = await startClient({ pollIntervalSeconds: 2, now: () => nowMs });
});
afterAll(() => c.close());
beforeEach(async () => {
  await c.control('/reset');
});

async function activity(
  body: Record<string, unknown>,
): Promise<{ status: number; body: Event & { message?: string } }> {
  const res = await c.control('/activity', 'POST', { repo: REPO, actor: 'ada-demo', ...body });
  return { status: res.status, body: (await res.json()) as Event & { message?: string } };
}

async function events(query = '', headers: Record<string, string> = {}) {
  const res = await c.get(`${EVENTS}${query}`, { headers });
  return { res, list: res.status === 200 ? ((await res.json()) as Event[]) : [] };
}

describe('GET /repos/{o}/{r}/events', () => {
  it('is empty until something happens, with an ETag and X-Poll-Interval', async () => {
    const { res, list } = await events();
    expect(res.status).toBe(200);
    expect(list).toEqual([]);
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{64}"$/);
    expect(res.headers.get('x-poll-interval')).toBe('2');
    expect((await c.get('/api/v3/repos/nobody/nothing/events')).status).toBe(404);
  });

  it('answers each kind of activity as GitHub reports it, newest first, ids increasing', async () => {
    const release = await activity({ type: 'release', tag: 'v9.0.0', name: 'Nine' });
    expect(release.status).toBe(201);
    const merge = await activity({ type: 'merge', title: 'fix: keep focus after a rerender', actor: 'grace-demo' });
    const issue = await activity({ type: 'issue', title: 'Hydration warning on empty slots' });
    const push = await activity({ type: 'push', commits: ['Fix the docs link', 'Bump the version'] });
    const { list } = await events();
    expect(list.map((e) => e.type)).toEqual(['PushEvent', 'IssuesEvent', 'PullRequestEvent', 'ReleaseEvent']);
    expect(list.map((e) => e.id)).toEqual([push, issue, merge, release].map((r) => r.body.id));
    const ids = list.map((e) => BigInt(e.id));
    for (let i = 1; i < ids.length; i++) expect((ids[i - 1] as bigint) > (ids[i] as bigint)).toBe(true);

    for (const e of list) {
      expect(e).toMatchObject({ public: true, created_at: '2026-03-10T12:00:00Z' });
      expect(e.repo).toEqual({
        id: expect.any(Number) as number,
        name: REPO,
        url: `${c.server.url}/api/v3/repos/${REPO}`,
      });
      expect(Object.keys(e.actor).sort()).toEqual(['avatar_url', 'display_login', 'gravatar_id', 'id', 'login', 'url']);
    }
    expect(list[3]?.payload).toMatchObject({
      action: 'published',
      release: {
        tag_name: 'v9.0.0',
        name: 'Nine',
        html_url: `https://github.com/${REPO}/releases/tag/v9.0.0`,
        author: { login: 'ada-demo' },
      },
    });
    const pull = list[2]?.payload as { number: number; pull_request: Record<string, unknown> };
    expect(list[2]?.actor.login).toBe('grace-demo');
    expect(pull).toMatchObject({ action: 'closed', number: expect.any(Number) as number });
    expect(pull.pull_request).toMatchObject({
      number: pull.number,
      title: 'fix: keep focus after a rerender',
      merged: true,
      merged_at: '2026-03-10T12:00:00Z',
      state: 'closed',
      html_url: `https://github.com/${REPO}/pull/${pull.number}`,
      user: { login: 'grace-demo' },
      merged_by: { login: 'grace-demo' },
    });
    expect(list[1]?.payload).toMatchObject({
      action: 'opened',
      issue: { title: 'Hydration warning on empty slots', state: 'open', user: { login: 'ada-demo' } },
    });
    const pushed = list[0]?.payload as Record<string, unknown> & { commits: { sha: string; message: string }[] };
    expect(pushed).toMatchObject({ ref: 'refs/heads/main', size: 2, distinct_size: 2 });
    expect(pushed.commits.map((x) => x.message)).toEqual(['Fix the docs link', 'Bump the version']);
    expect(pushed.head).toBe(pushed.commits[1]?.sha);
    expect(pushed.before).toMatch(/^[0-9a-f]{40}$/);
  });

  it('the ETag changes exactly when an event arrives; a matching If-None-Match is a free 304', async () => {
    const first = await events();
    const etag = first.res.headers.get('etag') ?? '';
    const remaining = Number(first.res.headers.get('x-ratelimit-remaining'));
    for (let i = 0; i < 3; i++) {
      const again = await events('', { 'if-none-match': etag });
      expect(again.res.status).toBe(304);
      expect(again.res.headers.get('x-poll-interval')).toBe('2');
      expect(Number(again.res.headers.get('x-ratelimit-remaining'))).toBe(remaining);
    }
    // Reading other resources, or time passing, does not change the list.
    nowMs += 60_000;
    await c.get(`/api/v3/repos/${REPO}`);
    expect((await events('', { 'if-none-match': etag })).res.status).toBe(304);

    await activity({ type: 'issue', title: 'A new issue' });
    const after = await events('', { 'if-none-match': etag });
    expect(after.res.status).toBe(200);
    expect(after.list).toHaveLength(1);
    const next = after.res.headers.get('etag') ?? '';
    expect(next).not.toBe(etag);
    // Spent: the repository read above and this answer; none of the 304s.
    expect(Number(after.res.headers.get('x-ratelimit-remaining'))).toBe(remaining - 2);
    expect((await events('', { 'if-none-match': next })).res.status).toBe(304);
  });

  it('pages 30 by default and at most 100, keeps 300 events of the last 30 days', async () => {
    for (let i = 0; i < 305; i++) {
      nowMs += 1000;
      expect((await activity({ type: 'push', commits: 1 })).status).toBe(201);
    }
    const first = await events();
    expect(first.list).toHaveLength(30);
    expect(first.res.headers.get('link')).toContain('rel="next"');
    expect(first.res.headers.get('link')).toContain('page=10>; rel="last"');
    const big = await events('?per_page=250&page=3');
    expect(big.list).toHaveLength(100);
    const all: Event[] = [];
    for (let page = 1; page <= 3; page++) all.push(...(await events(`?per_page=100&page=${page}`)).list);
    expect(all).toHaveLength(300);
    expect(new Set(all.map((e) => e.id)).size).toBe(300);
    const beyond = await c.get(`${EVENTS}?per_page=100&page=4`);
    expect(beyond.status).toBe(422);
    expect(((await beyond.json()) as { message: string }).message).toMatch(/pagination is limited for this resource/);

    // Thirty days later none of them is listed any more.
    nowMs += 30 * 86_400_000;
    expect((await events()).list).toEqual([]);
  });

  it("github.com's trimmed payloads on request: no commits in a push, a minimal pull request", async () => {
    expect((await c.control('/event-payloads', 'PUT', { shape: 'trimmed' })).status).toBe(200);
    await activity({ type: 'merge' });
    await activity({ type: 'push', commits: 3 });
    const { list } = await events();
    expect(Object.keys(list[0]?.payload ?? {}).sort()).toEqual(['before', 'head', 'push_id', 'ref', 'repository_id']);
    const pull = (list[1]?.payload as { pull_request: Record<string, unknown> }).pull_request;
    expect(Object.keys(pull).sort()).toEqual(['base', 'head', 'id', 'number', 'url']);
    expect(Object.keys(pull.head as object).sort()).toEqual(['ref', 'repo', 'sha']);
    expect((await c.control('/event-payloads', 'PUT', { shape: 'partial' })).status).toBe(422);
  });
});
