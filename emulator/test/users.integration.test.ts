import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

const NOW = Date.UTC(2025, 6, 10, 15, 30);
let c: Client;
let token: string;

beforeAll(async () => {
  c = await startClient({ now: () => NOW });
  token = await c.token('grace-demo');
});
afterAll(() => c.close());

async function json<T>(path: string, t: string | undefined = token): Promise<T> {
  const res = await c.get(path, { token: t });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('users', () => {
  it('GET /user has the full profile of the signed-in demo account', async () => {
    const me = await json<Record<string, unknown>>('/api/v3/user');
    expect(me).toMatchObject({
      login: 'grace-demo',
      type: 'User',
      name: 'Grace Demo',
      html_url: 'https://github.com/grace-demo',
      avatar_url: `${c.server.url}/avatars/grace-demo`,
    });
    for (const key of [
      'id',
      'company',
      'blog',
      'location',
      'email',
      'bio',
      'public_repos',
      'followers',
      'following',
      'created_at',
    ])
      expect(me[key], key).toBeTruthy();
    expect(me.public_repos).toBe(5);
  });

  it('GET /user/emails needs user:email', async () => {
    const emails =
      await json<{ email: string; primary: boolean; verified: boolean; visibility: string | null }[]>(
        '/api/v3/user/emails',
      );
    expect(emails.find((e) => e.primary)).toMatchObject({ email: 'grace-demo@example.com', verified: true });
    // Primary last, after an unverified secondary address: clients must pick by the flags.
    expect(emails[0]).toMatchObject({ email: 'grace-demo@unverified.example.com', primary: false, verified: false });
    expect(emails[emails.length - 1]?.primary).toBe(true);
    const fresh = await c.get('/api/v3/user/emails', { token: await c.token('newcomer-demo', ['user:email']) });
    const freshEmails = (await fresh.json()) as { email: string; primary: boolean; verified: boolean }[];
    expect(freshEmails.find((e) => e.primary)).toMatchObject({ email: 'newcomer-demo@example.com', verified: false });
    const narrow = await c.token('grace-demo', ['read:user']);
    expect((await c.get('/api/v3/user/emails', { token: narrow })).status).toBe(404);
  });

  it('GET /users/{username} works for demo, real owners and generated contributors; 404 otherwise', async () => {
    expect((await json<{ login: string }>('/api/v3/users/ADA-DEMO')).login).toBe('ada-demo');
    const org = await json<{ type: string; name: string | null; public_repos: number }>('/api/v3/users/microsoft');
    expect(org.type).toBe('Organization');
    expect(org.public_repos).toBeGreaterThanOrEqual(17);
    const contributors = await json<{ login: string }[]>('/api/v3/repos/facebook/react/contributors');
    const someone = contributors.find((x) => !x.login.endsWith('-demo'));
    expect((await json<{ login: string }>(`/api/v3/users/${someone?.login}`)).login).toBe(someone?.login);
    expect((await c.get('/api/v3/users/this-user-does-not-exist')).status).toBe(404);
  });

  it('GET /users/{username}/repos sorts by full_name by default and by created/updated/pushed', async () => {
    const byName = await json<{ full_name: string; fork: boolean }[]>('/api/v3/users/ada-demo/repos');
    expect(byName.map((r) => r.full_name)).toEqual(byName.map((r) => r.full_name).sort());
    expect(byName.some((r) => r.fork)).toBe(true);
    for (const sort of ['created', 'updated', 'pushed'] as const) {
      const list = await json<Record<string, string>[]>(`/api/v3/users/ada-demo/repos?sort=${sort}`);
      const values = list.map((r) => r[`${sort}_at`] as string);
      expect(values, sort).toEqual(values.slice().sort().reverse());
      const asc = await json<Record<string, string>[]>(`/api/v3/users/ada-demo/repos?sort=${sort}&direction=asc`);
      expect(asc.map((r) => r[`${sort}_at`])).toEqual(values.slice().reverse());
    }
    const paged = await c.get('/api/v3/users/microsoft/repos?per_page=5&page=2', { token });
    expect(paged.headers.get('link')).toContain('rel="first"');
    expect(((await paged.json()) as unknown[]).length).toBe(5);
  });
});

describe('public events', () => {
  type Event = {
    id: string;
    type: string;
    repo: { name: string };
    created_at: string;
    payload: Record<string, unknown>;
    actor: { login: string };
  };
  it('covers the last 30 days relative to the clock, newest first, with pagination', async () => {
    const all: Event[] = [];
    for (let page = 1; page <= 4; page++)
      all.push(...(await json<Event[]>(`/api/v3/users/grace-demo/events/public?per_page=100&page=${page}`)));
    expect(all.length).toBeGreaterThan(10);
    const times = all.map((e) => Date.parse(e.created_at));
    expect(times).toEqual(times.slice().sort((a, b) => b - a));
    for (const t of times) {
      expect(t).toBeLessThanOrEqual(NOW);
      expect(t).toBeGreaterThan(NOW - 30 * 86_400_000);
    }
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.every((e) => e.actor.login === 'grace-demo')).toBe(true);
    expect(all.some((e) => !e.repo.name.startsWith('grace-demo/'))).toBe(true);
    const push = all.find((e) => e.type === 'PushEvent');
    expect(push?.payload).toMatchObject({
      ref: expect.stringMatching(/^refs\/heads\//),
      head: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const res = await c.get('/api/v3/users/grace-demo/events/public', { token });
    expect(res.headers.get('x-poll-interval')).toBe('60');
  });

  it('is empty for the inactive demo account and for real owners', async () => {
    expect(await json<Event[]>('/api/v3/users/barbara-demo/events/public')).toEqual([]);
    expect(await json<Event[]>('/api/v3/users/facebook/events/public')).toEqual([]);
    expect((await c.get('/api/v3/users/nobody-at-all-here/events/public')).status).toBe(404);
  });
});

describe('GraphQL contribution calendar', () => {
  const QUERY =
    'query($login: String!) { user(login: $login) { contributionsCollection { contributionCalendar { totalContributions weeks { contributionDays { date contributionCount } } } } } }';
  type Calendar = {
    totalContributions: number;
    weeks: { contributionDays: { date: string; contributionCount: number }[] }[];
  };
  type Answer = {
    data?: { user: { contributionsCollection: { contributionCalendar: Calendar } } | null };
    errors?: { message: string; type?: string }[];
  };

  async function gql(
    body: unknown,
    t: string | undefined = token,
  ): Promise<{ status: number; body: Answer; headers: Headers }> {
    const res = await c.request('/api/graphql', {
      method: 'POST',
      token: t,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
  }

  it('answers the calendar for the last year with only the requested fields', async () => {
    const { status, body, headers } = await gql({ query: QUERY, variables: { login: 'margaret-demo' } });
    expect(status).toBe(200);
    expect(headers.get('x-ratelimit-resource')).toBe('graphql');
    const cal = body.data?.user?.contributionsCollection.contributionCalendar as Calendar;
    const days = cal.weeks.flatMap((w) => w.contributionDays);
    expect(Object.keys(days[0] ?? {})).toEqual(['date', 'contributionCount']);
    expect(days.at(-1)?.date).toBe('2025-07-10');
    expect(days.length).toBeGreaterThanOrEqual(365);
    expect(cal.totalContributions).toBe(days.reduce((s, d) => s + d.contributionCount, 0));
    let streak = 0;
    for (let i = days.length - 1; i >= 0 && (days[i]?.contributionCount ?? 0) > 0; i--) streak++;
    expect(streak).toBe(103);
  });

  it('has a current streak for most demo accounts and none for the inactive one', async () => {
    const streaks: number[] = [];
    for (const login of c.server.emulator.demoLogins()) {
      const { body } = await gql({ query: QUERY, variables: { login } });
      const days = (body.data?.user?.contributionsCollection.contributionCalendar as Calendar).weeks.flatMap(
        (w) => w.contributionDays,
      );
      let streak = 0;
      for (let i = days.length - 1; i >= 0 && (days[i]?.contributionCount ?? 0) > 0; i--) streak++;
      streaks.push(streak);
      if (login === 'barbara-demo') expect(days.every((d) => d.contributionCount === 0)).toBe(true);
    }
    expect(streaks.filter((s) => s > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('supports inline arguments, aliases and __typename', async () => {
    const { body } = await gql({ query: '{ who: user(login: "ada-demo") { __typename login } }' });
    expect(body).toEqual({ data: { who: { __typename: 'User', login: 'ada-demo' } } });
  });

  it('reports unknown users and fields like GitHub', async () => {
    const missing = await gql({ query: QUERY, variables: { login: 'no-such-user-here' } });
    expect(missing.body.data?.user).toBeNull();
    expect(missing.body.errors?.[0]).toMatchObject({ type: 'NOT_FOUND' });
    const bad = await gql({ query: '{ user(login: "ada-demo") { favouriteColour } }' });
    expect(bad.status).toBe(200);
    expect(bad.body.errors?.[0]?.message).toContain("Field 'favouriteColour' doesn't exist");
  });

  it('requires a token', async () => {
    const res = await gql({ query: QUERY, variables: { login: 'ada-demo' } }, '');
    expect(res.status).toBe(401);
  });
});
