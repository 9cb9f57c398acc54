import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { GoodFirstIssuesResponse, RepositoryDetailsDto } from '../../../../shared/api/repositories';
import type { GitHubIssue, GitHubRepository, GitHubSearchResult } from '../../../github/github-types';
import { startDiscoveryFixture, type DiscoveryFixture } from '../../../testing/discovery-fixture';
import { describeEachDatabase } from '../../../testing/databases';

const GFI = encodeURIComponent('good first issue');

describeEachDatabase('repository details and good first issues', (engine) => {
  let fx: DiscoveryFixture;
  /** A repository whose labelled list mixes in pull requests, and one with no labelled issue at all. */
  let withPulls: string;
  let withoutIssues: string;

  const rawIssues = (fullName: string) =>
    fx.github<Array<GitHubIssue & { labels: Array<{ name: string }> }>>(
      `/repos/${fullName}/issues?labels=${GFI}&state=open&per_page=100`,
    );

  beforeAll(async () => {
    fx = await startDiscoveryFixture(engine);
    const candidates = await fx.github<GitHubSearchResult<GitHubRepository>>(
      '/search/repositories?q=stars:>30000&sort=stars&per_page=60',
    );
    for (const repo of candidates.items) {
      const issues = await rawIssues(repo.full_name);
      if (!withPulls && issues.some((i) => i.pull_request) && issues.filter((i) => !i.pull_request).length >= 3) {
        withPulls = repo.full_name;
      }
      if (!withoutIssues && issues.length === 0) withoutIssues = repo.full_name;
      if (withPulls && withoutIssues) break;
    }
    expect(withPulls).toBeDefined();
    expect(withoutIssues).toBeDefined();
  });
  afterAll(async () => {
    await fx.destroy();
  });
  afterEach(async () => {
    await fx.control('DELETE', 'failures', {});
  });

  it('GET /api/repos/:owner/:name answers the details with at most 10 contributors, 3 releases, 10 topics', async () => {
    const response = await fx.api.get('/api/repos/facebook/react');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    const details = response.json() as RepositoryDetailsDto;
    const raw = await fx.github<GitHubRepository>('/repos/facebook/react');
    expect(details).toMatchObject({
      full_name: 'facebook/react',
      name: 'react',
      owner: { login: 'facebook', avatar_url: raw.owner.avatar_url },
      default_branch: raw.default_branch,
      stargazers_count: raw.stargazers_count,
      forks_count: raw.forks_count,
      open_issues_count: raw.open_issues_count,
      description: raw.description,
    });
    expect(details.topics).toEqual((raw.topics ?? []).slice(0, 10));
    expect(details.contributors.length).toBeGreaterThan(0);
    expect(details.contributors.length).toBeLessThanOrEqual(10);
    expect(Object.keys(details.contributors[0]!).sort()).toEqual(['avatar_url', 'id', 'login']);
    expect(details.releases.length).toBeLessThanOrEqual(3);
    for (const release of details.releases) expect(Object.keys(release).sort()).toEqual(['html_url', 'id', 'tag_name']);
  });

  it('answers 404 for a repository GitHub does not know, and 400 for a malformed name', async () => {
    const missing = await fx.api.get('/api/repos/facebook/no-such-repository-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found', message: 'Repository not found' } });
    expect((await fx.api.get('/api/repos/bad%20owner/react')).statusCode).toBe(400);
    expect((await fx.api.get('/api/repos/facebook/a%20b')).statusCode).toBe(400);
  });

  it('degrades contributors and releases to empty lists when GitHub fails on them', async () => {
    await fx.control('POST', 'failures', { pathPrefix: '/repos/vuejs/core/contributors', status: 503 });
    await fx.control('POST', 'failures', { pathPrefix: '/repos/vuejs/core/releases', status: 503 });
    const response = await fx.api.get('/api/repos/vuejs/core');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ full_name: 'vuejs/core', contributors: [], releases: [] });
  });

  it('good first issues: pull requests dropped, default limit 5, at most the limit asked', async () => {
    const raw = await rawIssues(withPulls);
    const issuesOnly = raw.filter((i) => !i.pull_request);
    const fetched = await fx.api.get(`/api/repos/${withPulls}/good-first-issues`);
    expect(fetched.statusCode).toBe(200);
    const body = fetched.json() as GoodFirstIssuesResponse;
    expect(body.issues.map((i) => i.id)).toEqual(issuesOnly.slice(0, 5).map((i) => i.id));
    for (const issue of body.issues) {
      expect(Object.keys(issue).sort()).toEqual(['html_url', 'id', 'labels', 'number', 'title']);
      expect(issue.labels.map((l) => l.name)).toContain('good first issue');
    }
    const two = (
      await fx.api.get(`/api/repos/${withPulls}/good-first-issues?limit=2`)
    ).json() as GoodFirstIssuesResponse;
    expect(two.issues.map((i) => i.id)).toEqual(issuesOnly.slice(0, 2).map((i) => i.id));
    for (const bad of ['0', '11', 'x']) {
      expect((await fx.api.get(`/api/repos/${withPulls}/good-first-issues?limit=${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('good first issues: a repository without any gives an empty list', async () => {
    const response = await fx.api.get(`/api/repos/${withoutIssues}/good-first-issues?limit=6`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ issues: [] });
  });

  it('good first issues: GitHub failures give an empty, uncached list that says why', async () => {
    await fx.control('POST', 'failures', { pathPrefix: '/repos/golang/go/issues', status: 503 });
    const response = await fx.api.get('/api/repos/golang/go/good-first-issues?limit=6');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ issues: [], upstream_problem: { kind: 'unavailable' } });
  });
});
