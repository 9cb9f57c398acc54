import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startEmulatorServer, type StartedEmulator } from '../../../../emulator/server';
import type { OwnProfileDto, PublicProfileDto } from '../../../../shared/api/profiles';
import { sealToken } from '../../../github/token-seal';
import { buildUser, signIn } from '../../../testing/builders';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient, json, type ApiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';

interface ErrorBody {
  error: { code: string; message: string };
}

let emulator: StartedEmulator;

beforeAll(async () => {
  emulator = await startEmulatorServer({ port: 0 });
});
afterAll(() => emulator.close());

async function control(method: 'POST' | 'DELETE', path: string, body: unknown = {}): Promise<void> {
  const response = await fetch(`${emulator.url}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path} answered ${response.status}`);
}

/** The emulator's numeric id for a login (profiles are keyed by it), or undefined when unknown. */
const githubIds = new Map<string, number | undefined>();
async function githubIdOf(login: string): Promise<number | undefined> {
  if (!githubIds.has(login)) {
    const response = await fetch(`${emulator.url}/api/v3/users/${login}`, {
      headers: { 'user-agent': 'reporooms-test' },
    });
    githubIds.set(login, response.ok ? ((await response.json()) as { id: number }).id : undefined);
  }
  return githubIds.get(login);
}

describeEachDatabase('GitHub profile sync', (engine) => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await createTestApp({
      engine,
      // No cache lifetime: every sync asks the emulator, so forced failures are seen.
      env: { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url, GITHUB_CACHE_TTL_SECONDS: '0' },
    });
    api = apiClient(app.app);
  });
  afterAll(() => app.destroy());
  afterEach(() => control('DELETE', 'failures'));

  async function userFor(login: string, overrides: Parameters<typeof buildUser>[1] = {}) {
    const githubId = overrides.github_id ?? (await githubIdOf(login));
    // One profile per GitHub account: an earlier test's profile for this account makes way.
    if (githubId !== undefined)
      await app.ctx.database.db.deleteFrom('profiles').where('github_id', '=', githubId).execute();
    const user = await buildUser(app.ctx.database.db, {
      github_username: login,
      ...(githubId !== undefined ? { github_id: githubId } : {}),
      username: `${login}-${randomUUID().slice(0, 4)}`,
      display_name: 'Kept Display Name',
      ...overrides,
    });
    return { user, cookie: await signIn(app, user.id) };
  }

  it('fills the profile, repositories, contributions, languages and streak from GitHub', async () => {
    const { user, cookie } = await userFor('ada-demo');
    const response = await api.post('/api/profile/sync', {}, { cookie });
    expect(response.statusCode).toBe(200);
    const body = json<OwnProfileDto>(response);
    expect(body).toMatchObject({
      id: user.id,
      display_name: 'Kept Display Name',
      github_username: 'ada-demo',
      company: '@reporooms-demo',
      location: 'London, UK',
      blog: 'https://example.com/ada-demo',
      github_bio: 'Demo account. Numerical methods, notebooks and a soft spot for difference engines.',
      followers: 1287,
      following: 42,
      github_created_at: '2012-03-14T09:21:07Z',
    });
    expect(body.github_synced_at).not.toBeNull();
    expect(body.avatar_url).toBeTruthy();
    expect(body.github_url).toContain('ada-demo');
    // Forks are dropped; most stars first.
    expect(body.repositories.map((r) => r.repo_name)).toEqual([
      'ada-demo/analytical-engine',
      'ada-demo/note-g',
      'ada-demo/bernoulli-rs',
      'ada-demo/loom-patterns',
    ]);
    expect(body.repositories[0]).toMatchObject({ language: 'Python', stars_count: 412, forks_count: 37 });
    expect(body.language_stats).toEqual({ Python: 1, 'Jupyter Notebook': 1, Rust: 1, TypeScript: 1 });
    // The demo account has a 12-day current streak; without a calendar it comes from public events.
    expect(body.contribution_streak).toBe(12);
    expect(body.contributions.length).toBeGreaterThan(0);
    expect(body.contributions.length).toBeLessThanOrEqual(10);
    const counts = body.contributions.map((c) => c.contribution_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.public_repos).toBeGreaterThanOrEqual(4);
  });

  it('reads the streak from the contribution calendar with the user’s own token', async () => {
    const issued = await fetch(`${emulator.url}/__control/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'margaret-demo' }),
    });
    const { access_token: token } = (await issued.json()) as { access_token: string };
    const { cookie } = await userFor('margaret-demo', { github_token_sealed: sealToken(app.ctx.secret, token) });
    await control('DELETE', 'counters');
    const response = await api.post('/api/profile/sync', {}, { cookie });
    expect(response.statusCode).toBe(200);
    const counters = (await (await fetch(`${emulator.url}/__control/counters`)).json()) as {
      byPath: Record<string, number>;
    };
    expect(Object.keys(counters.byPath).some((path) => path.includes('graphql'))).toBe(true);
    // The demo account's current streak is 103 days: longer than the 30 days public events cover.
    expect(json<OwnProfileDto>(response).contribution_streak).toBe(103);
    expect(response.body).not.toContain(token);
  });

  it('replaces the previous rows instead of adding to them', async () => {
    const { user, cookie } = await userFor('grace-demo');
    const db = app.ctx.database.db;
    await db
      .insertInto('user_repositories')
      .values({
        id: randomUUID(),
        user_id: user.id,
        repo_name: 'grace-demo/deleted-long-ago',
        repo_url: 'https://example.com/x',
        description: null,
        language: 'COBOL',
        stars_count: 99_999,
        forks_count: 0,
      })
      .execute();
    expect((await api.post('/api/profile/sync', {}, { cookie })).statusCode).toBe(200);
    expect((await api.post('/api/profile/sync', {}, { cookie })).statusCode).toBe(200);
    const repos = await db.selectFrom('user_repositories').select('repo_name').where('user_id', '=', user.id).execute();
    const names = repos.map((r) => r.repo_name);
    expect(names).not.toContain('grace-demo/deleted-long-ago');
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('grace-demo/flow-matic');
    expect(names).not.toContain('grace-demo/go');
    const contributions = await db
      .selectFrom('user_contributions')
      .select(['repo_full_name', 'contribution_type'])
      .where('user_id', '=', user.id)
      .execute();
    const keys = contributions.map((c) => `${c.repo_full_name} ${c.contribution_type}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeLessThanOrEqual(10);
  });

  it('keeps the old data whole when GitHub fails part-way through', { timeout: 30_000 }, async () => {
    const { user, cookie } = await userFor('linus-demo', {
      company: 'Old Company',
      followers: 3,
      contribution_streak: 2,
      language_stats: '{"Old":1}',
    });
    const db = app.ctx.database.db;
    await db
      .insertInto('user_repositories')
      .values({
        id: randomUUID(),
        user_id: user.id,
        repo_name: 'linus-demo/old-repo',
        repo_url: 'https://example.com/old',
        description: 'old',
        language: 'C',
        stars_count: 5,
        forks_count: 1,
      })
      .execute();
    await db
      .insertInto('user_contributions')
      .values({
        id: randomUUID(),
        user_id: user.id,
        repo_full_name: 'git/git',
        contribution_type: 'PushEvent',
        contribution_count: 7,
      })
      .execute();
    await control('POST', 'failures', { pathPrefix: '/users/linus-demo/events', status: 503 });

    const response = await api.post('/api/profile/sync', {}, { cookie });
    expect([502, 503]).toContain(response.statusCode);
    expect(json<ErrorBody>(response).error.message).toBeTruthy();

    const after = json<OwnProfileDto>(await api.get('/api/profile', { cookie }));
    expect(after).toMatchObject({
      company: 'Old Company',
      followers: 3,
      contribution_streak: 2,
      language_stats: { Old: 1 },
      github_synced_at: null,
    });
    expect(after.repositories.map((r) => r.repo_name)).toEqual(['linus-demo/old-repo']);
    expect(after.contributions.map((c) => [c.repo_full_name, c.contribution_count])).toEqual([['git/git', 7]]);

    // Once GitHub answers again the same sync succeeds.
    await control('DELETE', 'failures');
    const retry = await api.post('/api/profile/sync', {}, { cookie });
    expect(retry.statusCode).toBe(200);
    expect(json<OwnProfileDto>(retry).repositories.map((r) => r.repo_name)).toContain('linus-demo/tiny-vcs');
  });

  it('answers an error for a GitHub account that does not exist, keeping the profile', async () => {
    const { cookie } = await userFor('no-such-account-zz9', { company: 'Still Here' });
    const response = await api.post('/api/profile/sync', {}, { cookie });
    expect(response.statusCode).toBe(502);
    expect(json<OwnProfileDto>(await api.get('/api/profile', { cookie })).company).toBe('Still Here');
  });

  it('refuses to take data from a different GitHub account that now holds the login', async () => {
    // The profile was created for another GitHub account that used to be called ken-demo.
    const { cookie } = await userFor('ken-demo', { github_id: 424242, company: 'Original Co', public_repos: 3 });
    const response = await api.post('/api/profile/sync', {}, { cookie });
    expect(response.statusCode).toBe(409);
    expect(json<ErrorBody>(response).error.message).toMatch(/different account/);
    const profile = json<OwnProfileDto>(await api.get('/api/profile', { cookie }));
    expect(profile.company).toBe('Original Co');
    expect(profile.repositories).toEqual([]);
  });

  it('makes synced data visible on the public profile', async () => {
    const { user, cookie } = await userFor('margaret-demo');
    expect((await api.post('/api/profile/sync', {}, { cookie })).statusCode).toBe(200);
    const response = await api.get(`/api/users/${user.username}`);
    expect(response.statusCode).toBe(200);
    const body = json<PublicProfileDto>(response);
    expect(body.repositories?.length).toBeGreaterThan(0);
    expect(body.contributions?.length).toBeGreaterThan(0);
    expect(body.statistics?.followers).toBeGreaterThan(0);
    expect(body.statistics?.top_languages.length).toBeGreaterThan(0);
  });
});
