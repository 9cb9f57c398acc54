import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../testing/databases';
import { createGitHubServices } from './create-github-services';
import { GitHubError, UpstreamRefusedError, type GitHubServices, type UpstreamAllowance } from './github-services';
import type { GitHubRepository } from './github-types';
import { loadScenario, startReplayServer, type ReplayServer } from '../testing/github/fixture-replay';

const TTL_SECONDS = 300;

describeEachDatabase('GitHub client against recorded GitHub answers', (engine) => {
  let replay: ReplayServer;
  let database: TestDatabase;
  let clock = Date.parse('2026-02-01T12:00:00Z');
  const now = () => clock;

  const build = (env: Record<string, string> = {}): GitHubServices =>
    createGitHubServices({
      config: loadConfig({ GITHUB_CACHE_TTL_SECONDS: String(TTL_SECONDS), LOG_LEVEL: 'silent', ...env }),
      database,
      logger: pino({ level: 'silent' }),
      endpoints: { apiUrl: replay.origin, webUrl: 'https://github.example', clientId: 'id', clientSecret: 'secret' },
      now,
      retryBaseMs: 1,
    });

  const repository = loadScenario('get-repository')[0]!;
  const issuesPage = loadScenario('paginate-issues')[0]!;
  const release = loadScenario('release-assets')[0]!;
  const organization = loadScenario('get-organization')[0]!;
  const validationFailed = loadScenario('errors')[0]!;
  const notFound = loadScenario('branch-protection').find((e) => e.status === 404)!;
  const repoJson = repository.response as GitHubRepository;

  beforeAll(async () => {
    replay = await startReplayServer();
    database = await createTestDatabase(engine);
    replay.replay(repository);
    for (const exchange of loadScenario('rename-repository').filter((e) => e.method === 'get')) replay.replay(exchange);
    const prLike = {
      ...(issuesPage.response as object[])[0]!,
      id: 999_001,
      pull_request: { url: 'https://api.github.com/x' },
    };
    replay.route('GET', '/repos/octokit-fixture-org/hello-world/issues', {
      status: 200,
      body: [prLike, ...(issuesPage.response as object[])],
      headers: issuesPage.headers,
    });
    replay.route('GET', '/repos/octokit-fixture-org/hello-world/releases', {
      status: 200,
      body: [release.response],
      headers: release.headers,
    });
    replay.route('GET', '/repos/octokit-fixture-org/hello-world/contributors', {
      status: 204,
      headers: repository.headers,
    });
    replay.route('GET', '/users/octokit-fixture-org', {
      status: 200,
      body: organization.response,
      headers: organization.headers,
    });
    replay.route('GET', '/search/repositories', (request) => {
      const q = new URL(request.url, 'http://x').searchParams.get('q') ?? '';
      if (q.startsWith('repo:nobody/'))
        return { status: 422, body: validationFailed.response, headers: validationFailed.headers };
      return {
        status: 200,
        body: { total_count: 1, incomplete_results: false, items: [{ ...repoJson, score: 1 }] },
        headers: {
          etag: `"search-${q}"`,
          'x-ratelimit-resource': 'search',
          'x-ratelimit-limit': 30,
          'x-ratelimit-remaining': 29,
          'x-ratelimit-reset': 1_800_000_000,
        },
      };
    });
    replay.route('GET', '/repos/octokit-fixture-org/missing', { status: 404, body: notFound.response });
    replay.route('GET', '/repos/octokit-fixture-org/dmca', {
      status: 451,
      body: {
        message: 'Repository access blocked',
        block: { reason: 'dmca', created_at: '2020-01-01T00:00:00Z', html_url: 'https://github.com/github/dmca' },
      },
    });
    replay.route('GET', '/repos/octokit-fixture-org/blocked', {
      status: 403,
      body: { message: 'Repository access blocked' },
    });
    replay.route('GET', '/repos/octokit-fixture-org/limited', {
      status: 403,
      body: { message: 'API rate limit exceeded for 127.0.0.1.' },
      headers: {
        'x-ratelimit-resource': 'core',
        'x-ratelimit-limit': 60,
        'x-ratelimit-remaining': 0,
        'x-ratelimit-reset': 1_900_000_000,
      },
    });
    replay.route('GET', '/repos/octokit-fixture-org/secondary', {
      status: 403,
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      headers: { 'retry-after': 120 },
    });
    replay.route('GET', '/repos/octokit-fixture-org/down', { status: 503, body: { message: 'Service Unavailable' } });
    replay.route('GET', '/users/prolific/repos', (request) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('page') ?? 1);
      const items = Array.from({ length: 100 }, (_, i) => ({
        ...repoJson,
        id: page * 1000 + i,
        name: `r${page}-${i}`,
      }));
      return { status: 200, body: items, headers: { etag: `"page-${page}"` } };
    });
    replay.route('GET', '/users/casual/repos', { status: 200, body: [repoJson] });
    replay.route('POST', '/graphql', (request) => ({
      status: request.headers.authorization ? 200 : 401,
      body: {
        data: {
          user: {
            contributionsCollection: {
              contributionCalendar: {
                totalContributions: 3,
                weeks: [
                  {
                    contributionDays: [
                      { date: '2026-01-30', contributionCount: 1 },
                      { date: '2026-01-31', contributionCount: 2 },
                    ],
                  },
                ],
              },
            },
          },
        },
      },
    }));
  });

  afterAll(async () => {
    await replay.close();
    await database.destroy();
  });

  beforeEach(async () => {
    await database.db.deleteFrom('github_cache').execute();
    replay.reset();
  });

  it('parses real repository, issue, release, user and search payloads', async () => {
    const { api } = build();
    const repo = await api.getRepository('octokit-fixture-org/hello-world');
    expect(repo).toMatchObject({
      full_name: 'octokit-fixture-org/hello-world',
      owner: { login: 'octokit-fixture-org' },
    });
    expect(typeof repo.stargazers_count).toBe('number');

    const issues = await api.listGoodFirstIssues('octokit-fixture-org/hello-world', 5);
    expect(issues.map((i) => i.id)).not.toContain(999_001);
    expect(issues.length).toBe((issuesPage.response as unknown[]).length);
    expect(issues[0]).toMatchObject({
      number: expect.any(Number),
      title: expect.any(String),
      html_url: expect.any(String),
    });
    const issueRequest = replay.seen.find((r) => r.path.endsWith('/issues'))!;
    expect(new URL(issueRequest.url, 'http://x').searchParams.get('labels')).toBe('good first issue');

    const releases = await api.listReleases('octokit-fixture-org/hello-world', 3);
    expect(releases[0]).toMatchObject({ tag_name: 'v1.0.0', html_url: expect.any(String) });

    expect(await api.listContributors('octokit-fixture-org/hello-world', 10)).toEqual([]);

    const user = await api.getUser('octokit-fixture-org');
    expect(user).toMatchObject({
      login: 'octokit-fixture-org',
      id: expect.any(Number),
      public_repos: expect.any(Number),
    });

    const search = await api.searchRepositories({ q: 'stars:>10000', sort: 'stars', order: 'desc', perPage: 6 });
    expect(search.total_count).toBe(1);
    expect(search.items[0]?.full_name).toBe('octokit-fixture-org/hello-world');
    const searchUrl = new URL(replay.seen.find((r) => r.path === '/search/repositories')!.url, 'http://x');
    expect(Object.fromEntries(searchUrl.searchParams)).toMatchObject({
      q: 'stars:>10000',
      sort: 'stars',
      order: 'desc',
      per_page: '6',
    });
  });

  it('sends GitHub protocol headers and follows a 301 after a rename', async () => {
    const { api } = build();
    const renamed = await api.getRepository('octokit-fixture-org/rename-repository');
    expect(renamed.id).toBe(1000);
    expect(replay.count('/repos/octokit-fixture-org/rename-repository')).toBe(1);
    expect(replay.count('/repositories/1000')).toBe(1);
    const first = replay.seen[0]!;
    expect(first.headers['user-agent']).toMatch(/^RepoRooms/);
    expect(first.headers['x-github-api-version']).toBe('2022-11-28');
    expect(first.headers.accept).toBe('application/vnd.github+json');
    expect(first.headers.authorization).toBeUndefined();
  });

  it('answers from the cache without a request while fresh', async () => {
    const { api } = build();
    await api.getRepository('octokit-fixture-org/hello-world');
    clock += (TTL_SECONDS - 1) * 1000;
    const again = await api.getRepository('octokit-fixture-org/hello-world');
    expect(again.full_name).toBe('octokit-fixture-org/hello-world');
    expect(replay.count('/repos/octokit-fixture-org/hello-world')).toBe(1);
    // Another instance (another process) shares the same database cache.
    await build().api.getRepository('octokit-fixture-org/hello-world');
    expect(replay.count('/repos/octokit-fixture-org/hello-world')).toBe(1);
  });

  it('revalidates a stale entry with If-None-Match and reuses the body on 304', async () => {
    const { api } = build();
    const first = await api.getRepository('octokit-fixture-org/hello-world');
    clock += (TTL_SECONDS + 1) * 1000;
    const second = await api.getRepository('octokit-fixture-org/hello-world');
    expect(second).toEqual(first);
    const requests = replay.seen.filter((r) => r.path === '/repos/octokit-fixture-org/hello-world');
    expect(requests).toHaveLength(2);
    expect(requests[0]!.headers['if-none-match']).toBeUndefined();
    expect(requests[1]!.headers['if-none-match']).toBe(repository.headers.etag);
    // The 304 refreshed fetched_at: fresh again, no third request.
    clock += (TTL_SECONDS - 1) * 1000;
    await api.getRepository('octokit-fixture-org/hello-world');
    expect(replay.count('/repos/octokit-fixture-org/hello-world')).toBe(2);
    const row = await database.db
      .selectFrom('github_cache')
      .selectAll()
      .where('key', 'like', '%hello-world')
      .executeTakeFirstOrThrow();
    expect(row.fetched_at).toBe(new Date(clock - (TTL_SECONDS - 1) * 1000).toISOString());
    expect(row.etag).toBe(repository.headers.etag);
  });

  it('coalesces concurrent identical calls into one request', async () => {
    const { api } = build();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.getRepository('octokit-fixture-org/hello-world')),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(replay.count('/repos/octokit-fixture-org/hello-world')).toBe(1);
  });

  it('runs different searches one at a time and coalesces identical ones', async () => {
    const { api } = build();
    await Promise.all([
      api.searchRepositories({ q: 'language:go' }),
      api.searchRepositories({ q: 'language:go' }),
      api.searchRepositories({ q: 'language:rust' }),
    ]);
    expect(replay.count('/search/repositories')).toBe(2);
    expect(replay.maxConcurrent).toBe(1);
  });

  it('keys the cache by identity: anonymous and server-token answers are separate', async () => {
    await build().api.getRepository('octokit-fixture-org/hello-world');
    await build({ GITHUB_TOKEN: 'ghp_servertoken' }).api.getRepository('octokit-fixture-org/hello-world');
    const requests = replay.seen.filter((r) => r.path === '/repos/octokit-fixture-org/hello-world');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers.authorization).toBe('Bearer ghp_servertoken');
    const keys = await database.db.selectFrom('github_cache').select('key').execute();
    expect(keys.map((k) => k.key).join(' ')).not.toContain('ghp_servertoken');
  });

  it('maps failures to error kinds', async () => {
    const { api } = build();
    const failure = async (call: Promise<unknown>) => {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GitHubError);
      return error as GitHubError;
    };
    expect((await failure(api.getRepository('octokit-fixture-org/missing'))).kind).toBe('not_found');
    expect((await failure(api.getRepository('octokit-fixture-org/dmca'))).kind).toBe('not_found');
    expect((await failure(api.getRepository('octokit-fixture-org/blocked'))).kind).toBe('not_found');
    expect((await failure(api.getRepository('not-a-name'))).kind).toBe('not_found');
    const invalid = await failure(api.searchRepositories({ q: 'repo:nobody/nothing' }));
    expect(invalid).toMatchObject({ kind: 'invalid_query', status: 422, message: 'Validation Failed' });
    const limited = await failure(api.getRepository('octokit-fixture-org/limited'));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.resetAt?.toISOString()).toBe(new Date(1_900_000_000 * 1000).toISOString());
    const secondary = await failure(api.getRepository('octokit-fixture-org/secondary'));
    expect(secondary.kind).toBe('rate_limited');
    expect(secondary.resetAt?.getTime()).toBe(clock + 120_000);
    const down = await failure(api.getRepository('octokit-fixture-org/down'));
    expect(down).toMatchObject({ kind: 'unavailable', status: 503 });
    // 5xx is retried (twice), a 404 never.
    expect(replay.count('/repos/octokit-fixture-org/down')).toBe(3);
    expect(replay.count('/repos/octokit-fixture-org/missing')).toBe(1);
  });

  it('serves a stale copy when GitHub is down', async () => {
    const { api } = build();
    replay.route('GET', '/repos/octokit-fixture-org/flaky', { status: 200, body: repoJson, headers: { etag: '"v1"' } });
    await api.getRepository('octokit-fixture-org/flaky');
    replay.route('GET', '/repos/octokit-fixture-org/flaky', { status: 503, body: { message: 'Service Unavailable' } });
    clock += (TTL_SECONDS + 1) * 1000;
    expect((await api.getRepository('octokit-fixture-org/flaky')).full_name).toBe(repoJson.full_name);
  });

  it('records the quota per resource from x-ratelimit headers', async () => {
    const { api } = build();
    expect(api.quota()).toEqual([]);
    await api.getRepository('octokit-fixture-org/hello-world');
    await api.searchRepositories({ q: 'topic:cli' });
    expect(api.quota()).toEqual([
      { resource: 'core', limit: 5000, remaining: 4999, resetAt: new Date(1507651200000).toISOString() },
      { resource: 'search', limit: 30, remaining: 29, resetAt: new Date(1_800_000_000 * 1000).toISOString() },
    ]);
  });

  it('reads every page of a user repositories up to the cap', async () => {
    const { api } = build();
    const many = await api.listUserRepositories('prolific');
    expect(many).toHaveLength(300);
    expect(replay.count('/users/prolific/repos')).toBe(3);
    const few = await api.listUserRepositories('casual');
    expect(few).toHaveLength(1);
    expect(replay.count('/users/casual/repos')).toBe(1);
  });

  it('reads the contribution calendar only with a token', async () => {
    expect(await build().api.getContributionCalendar('octokit-fixture-org')).toBeNull();
    expect(replay.count('/graphql')).toBe(0);
    const days = await build().api.getContributionCalendar('octokit-fixture-org', 'gho_usertoken');
    expect(days).toEqual([
      { date: '2026-01-30', contributionCount: 1 },
      { date: '2026-01-31', contributionCount: 2 },
    ]);
    const request = replay.seen.find((r) => r.path === '/graphql')!;
    expect(request.headers.authorization).toBe('Bearer gho_usertoken');
    expect(JSON.parse(request.body)).toMatchObject({ variables: { login: 'octokit-fixture-org' } });
    const withServerToken = await build({ GITHUB_TOKEN: 'ghp_servertoken' }).api.getContributionCalendar(
      'octokit-fixture-org',
    );
    expect(withServerToken).toHaveLength(2);
  });

  it('remembers a missing resource as long as the read asks, then asks again', async () => {
    const path = '/repos/octokit-fixture-org/hello-world/issues/404404';
    replay.route('GET', path, { status: 404, body: notFound.response, headers: notFound.headers });
    const { api } = build();
    const read = (options = { notFoundTtlSeconds: 3600 }) =>
      api.getIssue('octokit-fixture-org/hello-world', 404404, options);
    await expect(read()).rejects.toMatchObject({ kind: 'not_found' });
    clock += 30 * 60_000;
    await expect(read()).rejects.toMatchObject({ kind: 'not_found' });
    expect(replay.count(path)).toBe(1);
    // A read without the longer lifetime keeps the default minute.
    await expect(read({ notFoundTtlSeconds: 60 })).rejects.toMatchObject({ kind: 'not_found' });
    expect(replay.count(path)).toBe(2);
    clock += 61 * 60_000;
    await expect(read()).rejects.toMatchObject({ kind: 'not_found' });
    expect(replay.count(path)).toBe(3);
  });

  it('asks the read’s allowance before each upstream request, never for an answer from the cache', async () => {
    const path = '/repos/octokit-fixture-org/hello-world/issues/77';
    const issue = { ...(issuesPage.response as object[])[0]!, number: 77 };
    replay.route('GET', path, { status: 200, body: issue, headers: { etag: '"issue-77"' } });
    const { api } = build();
    const asked: boolean[] = [];
    const allowance = (answer: boolean): UpstreamAllowance => ({
      take: async () => {
        asked.push(answer);
        return answer;
      },
    });
    const read = (answer: boolean) =>
      api.getIssue('octokit-fixture-org/hello-world', 77, { upstream: allowance(answer) });

    await expect(read(false)).rejects.toBeInstanceOf(UpstreamRefusedError);
    await expect(read(false)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(replay.count(path)).toBe(0);
    expect(await read(true)).toMatchObject({ number: 77 });
    expect(replay.count(path)).toBe(1);
    // Fresh in the cache: answered without asking.
    asked.length = 0;
    expect(await read(false)).toMatchObject({ number: 77 });
    expect(asked).toEqual([]);
    // Stale and refused: the stored copy, still without a request.
    clock += (TTL_SECONDS + 1) * 1000;
    expect(await read(false)).toMatchObject({ number: 77 });
    expect(asked).toEqual([false]);
    expect(replay.count(path)).toBe(1);
  });
});
