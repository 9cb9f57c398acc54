import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

const REPO = 'fastapi/fastapi';
const CALLBACK = 'http://app.test:4000/auth/github/callback';
const APP = { clientId: 'test-app', clientSecret: 'test-secret', callbackUrl: CALLBACK };
const NOW = Date.UTC(2026, 10, 20, 9, 30, 0);

let c: Client;
beforeAll(async () => {
  c = await startClient({ apps: [APP], now: () => NOW });
});
afterAll(() => c.close());
beforeEach(async () => {
  await c.control('/reset');
});

function create(token: string | undefined, body: unknown, repo = REPO) {
  return c.request(`/api/v3/repos/${repo}/issues`, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /repos/{o}/{r}/issues', () => {
  it('creates an open issue numbered next, readable at /issues/{n}, listed first', async () => {
    const token = await c.token('ada-demo', ['read:user', 'user:email', 'public_repo']);
    const all = (await (await c.get(`/api/v3/repos/${REPO}/issues?state=all&per_page=100`)).json()) as {
      number: number;
    }[];
    const res = await create(token, { title: '  Docs: typo in the tutorial  ', body: '> quoted\n\nFrom the chat.' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-oauth-scopes')).toBe('read:user, user:email, public_repo');
    expect(res.headers.get('x-accepted-oauth-scopes')).toBe('public_repo, repo');
    const issue = (await res.json()) as Record<string, unknown> & { number: number };
    expect(issue.number).toBe(Math.max(...all.map((i) => i.number)) + 1);
    expect(res.headers.get('location')).toBe(`${c.server.url}/api/v3/repos/${REPO}/issues/${issue.number}`);
    expect(issue).toMatchObject({
      title: 'Docs: typo in the tutorial',
      body: '> quoted\n\nFrom the chat.',
      state: 'open',
      html_url: `https://github.com/${REPO}/issues/${issue.number}`,
      user: { login: 'ada-demo' },
      labels: [],
      comments: 0,
      created_at: '2026-11-20T09:30:00Z',
      author_association: 'NONE',
    });
    const read = await c.get(`/api/v3/repos/${REPO}/issues/${issue.number}`);
    expect(await read.json()).toEqual(issue);
    const listed = (await (await c.get(`/api/v3/repos/${REPO}/issues`)).json()) as { number: number }[];
    expect(listed[0]?.number).toBe(issue.number);
    const q = encodeURIComponent(`repo:${REPO} is:issue is:open tutorial`);
    const found = (await (await c.get(`/api/v3/search/issues?q=${q}`)).json()) as { items: { number: number }[] };
    expect(found.items.map((i) => i.number)).toContain(issue.number);
    const events = (await (await c.get(`/api/v3/repos/${REPO}/events`)).json()) as {
      type: string;
      payload: { issue: { number: number } };
    }[];
    expect(events[0]).toMatchObject({
      type: 'IssuesEvent',
      payload: { action: 'opened', issue: { number: issue.number } },
    });
  });

  it('the `repo` scope works too; labels are kept only for people who can push', async () => {
    const ken = await c.token('ken-demo', ['repo']); // write access to fastapi/fastapi (a demo grant)
    const labelled = (await (await create(ken, { title: 'Crash', labels: ['bug', 'from-chat'] })).json()) as {
      labels: { name: string; color: string }[];
    };
    expect(labelled.labels.map((l) => [l.name, l.color])).toEqual([
      ['bug', 'd73a4a'],
      ['from-chat', 'ededed'],
    ]);
    const ada = await c.token('ada-demo', ['public_repo']);
    const dropped = (await (await create(ada, { title: 'Crash', labels: ['bug'] })).json()) as { labels: unknown[] };
    expect(dropped.labels).toEqual([]);
  });

  it('401 without a token, 403 without public_repo (no quota spent on the check), 404 for an unknown repository', async () => {
    const none = await create(undefined, { title: 'x' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'Requires authentication' });

    const narrow = await c.token('ada-demo', ['read:user', 'user:email']);
    const refused = await create(narrow, { title: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-oauth-scopes')).toBe('read:user, user:email');
    expect(refused.headers.get('x-accepted-oauth-scopes')).toBe('public_repo, repo');
    expect(await refused.json()).toEqual({
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
      status: '403',
    });
    const unknown = await create(await c.token('ada-demo', ['public_repo']), { title: 'x' }, 'nobody/nothing');
    expect(unknown.status).toBe(404);
    // Nothing was created.
    expect(await (await c.get(`/api/v3/repos/${REPO}/events`)).json()).toEqual([]);
  });

  it('410 when issues are disabled: forks, or a repository switched off through the control API', async () => {
    const token = await c.token('ada-demo', ['public_repo']);
    const fork = await create(token, { title: 'x' }, 'ada-demo/react');
    expect(fork.status).toBe(410);
    expect(await fork.json()).toMatchObject({ message: 'Issues are disabled for this repo', status: '410' });

    expect((await c.control('/repo-features', 'PUT', { repo: REPO, has_issues: false })).status).toBe(200);
    expect(((await (await c.get(`/api/v3/repos/${REPO}`)).json()) as { has_issues: boolean }).has_issues).toBe(false);
    expect((await create(token, { title: 'x' })).status).toBe(410);
    await c.control('/repo-features', 'PUT', { repo: REPO, has_issues: true });
    expect((await create(token, { title: 'x' })).status).toBe(201);
    expect((await c.control('/repo-features', 'PUT', { repo: REPO, has_issues: 'maybe' })).status).toBe(422);
  });

  it('403 on an archived repository', async () => {
    const archived = (
      (await (await c.get('/api/v3/search/repositories?q=archived:true&per_page=1')).json()) as {
        items: { full_name: string }[];
      }
    ).items[0];
    if (!archived) throw new Error('the dataset has no archived repository');
    const res = await create(await c.token('ada-demo', ['public_repo']), { title: 'x' }, archived.full_name);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Repository was archived so is read-only.' });
  });

  it("400 for a body that is not JSON, 422 in GitHub's shapes for bad fields", async () => {
    const token = await c.token('ada-demo', ['public_repo']);
    const broken = await create(token, '{"title": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ message: 'Problems parsing JSON' });
    const cases: [unknown, Record<string, unknown>][] = [
      [{}, { message: 'Invalid request.\n\n"title" wasn\'t supplied.' }],
      [{ body: 'no title' }, { message: 'Invalid request.\n\n"title" wasn\'t supplied.' }],
      [
        { title: '   ' },
        { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] },
      ],
      [
        { title: 'x'.repeat(257) },
        {
          message: 'Validation Failed',
          errors: [
            {
              resource: 'Issue',
              code: 'custom',
              field: 'title',
              message: 'title is too long (maximum is 256 characters)',
            },
          ],
        },
      ],
      [
        { title: { text: 'x' } },
        { message: 'Invalid request.\n\nFor \'properties/title\', {"text":"x"} is not a string or integer.' },
      ],
      [{ title: 'x', body: 12 }, { message: "Invalid request.\n\nFor 'properties/body', 12 is not a string." }],
      [
        { title: 'x', labels: 'bug' },
        { message: 'Invalid request.\n\nFor \'properties/labels\', "bug" is not an array.' },
      ],
      [[1, 2], { message: 'Invalid request.\n\n[1,2] is not an object.' }],
    ];
    for (const [body, expected] of cases) {
      const res = await create(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toMatchObject({
        ...expected,
        documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
      });
    }
    // A number is a title, like GitHub accepts it.
    expect(((await (await create(token, { title: 404 })).json()) as { title: string }).title).toBe('404');
  });
});

describe('OAuth: asking for more scope', () => {
  async function signIn(scope: string): Promise<{ token: string; page: string }> {
    const params = new URLSearchParams({ client_id: APP.clientId, redirect_uri: CALLBACK, scope, state: 's' });
    const page = await (await fetch(`${c.server.url}/login/oauth/authorize?${params.toString()}`)).text();
    const grant = await fetch(`${c.server.url}/login/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: APP.clientId,
        redirect_uri: CALLBACK,
        scope,
        state: 's',
        login: 'ada-demo',
      }).toString(),
    });
    const code = new URL(grant.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchanged = await fetch(`${c.server.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: APP.clientId, client_secret: APP.clientSecret, code, redirect_uri: CALLBACK }),
    });
    const answer = (await exchanged.json()) as { access_token: string; scope: string };
    expect(answer.scope).toBe(scope.split(' ').join(','));
    return { token: answer.access_token, page };
  }

  it('the consent page lists the requested scopes; the token carries them and may create issues', async () => {
    const first = await signIn('read:user user:email');
    expect((await create(first.token, { title: 'x' })).status).toBe(403);

    const more = await signIn('read:user user:email public_repo');
    expect(more.page).toContain('<li><code>public_repo</code></li>');
    const res = await create(more.token, { title: 'From a thread' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-oauth-scopes')).toBe('read:user, user:email, public_repo');
  });
});

describe('newcomer-demo', () => {
  it('was created two days before the clock, has a minimal profile, no repositories, no events', async () => {
    const token = await c.token('newcomer-demo');
    const me = (await (await c.get('/api/v3/user', { token })).json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      login: 'newcomer-demo',
      name: 'Newcomer Demo',
      created_at: '2026-11-18T09:30:00Z',
      updated_at: '2026-11-18T09:30:00Z',
      public_repos: 0,
      followers: 0,
      following: 0,
      bio: null,
      company: null,
      location: null,
      email: null,
      blog: '',
    });
    const profile = (await (await c.get('/api/v3/users/newcomer-demo')).json()) as { created_at: string };
    expect(profile.created_at).toBe('2026-11-18T09:30:00Z');
    expect(await (await c.get('/api/v3/users/newcomer-demo/repos')).json()).toEqual([]);
    expect(await (await c.get('/api/v3/users/newcomer-demo/events/public')).json()).toEqual([]);
    const page = await (await fetch(`${c.server.url}/login/oauth/authorize?client_id=${APP.clientId}`)).text();
    expect(page).toContain('>Sign in as newcomer-demo</button>');
  });
});
