import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

let c: Client;
let token: string;

beforeAll(async () => {
  c = await startClient();
  token = await c.token('ada-demo');
});
afterAll(() => c.close());

type Repo = {
  id: number;
  full_name: string;
  owner: { login: string; avatar_url: string };
  html_url: string;
  topics: string[];
  license: { spdx_id: string } | null;
  open_issues_count: number;
  default_branch: string;
  fork: boolean;
  parent?: { full_name: string };
};
type Issue = {
  number: number;
  html_url: string;
  labels: { name: string; color: string; id: number }[];
  pull_request?: { url: string };
  state: string;
  user: { login: string };
};

async function json<T>(path: string): Promise<T> {
  const res = await c.get(path, { token });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('GET /repos/{owner}/{repo}', () => {
  it('returns the dataset facts with real html_url and emulator avatars', async () => {
    const repo = await json<Repo>('/api/v3/repos/facebook/react');
    expect(repo.full_name).toBe('facebook/react');
    expect(repo.html_url).toBe('https://github.com/facebook/react');
    expect(repo.owner.avatar_url).toBe(`${c.server.url}/avatars/facebook`);
    expect(repo.license?.spdx_id).toBe('MIT');
    expect(repo.topics).toContain('react');
    expect(repo.default_branch).toBe('main');
  });

  it('is case-insensitive and also served by /repositories/{id}', async () => {
    const repo = await json<Repo>('/api/v3/repos/FaceBook/React');
    expect(await json<Repo>(`/api/v3/repositories/${repo.id}`)).toEqual(repo);
  });

  it('shows parent and source for forks', async () => {
    const fork = await json<Repo>('/api/v3/repos/ada-demo/react');
    expect(fork.fork).toBe(true);
    expect(fork.parent?.full_name).toBe('facebook/react');
  });
});

describe('quirks', () => {
  it('301 after a rename, with Location to /repositories/{id} (sub-paths and query kept)', async () => {
    const res = await c.get('/api/v3/repos/reporooms-quirks/old-name', { token });
    expect(res.status).toBe(301);
    const target = await json<Repo>('/api/v3/repos/reporooms-quirks/new-name');
    expect(res.headers.get('location')).toBe(`${c.server.url}/api/v3/repositories/${target.id}`);
    expect(await res.json()).toMatchObject({ message: 'Moved Permanently', url: res.headers.get('location') });
    const sub = await c.get('/api/v3/repos/reporooms-quirks/old-name/issues?labels=bug', { token });
    expect(sub.headers.get('location')).toBe(`${c.server.url}/api/v3/repositories/${target.id}/issues?labels=bug`);
    const followed = await fetch(res.headers.get('location') ?? '', { headers: { 'user-agent': 'x' } });
    expect(((await followed.json()) as Repo).full_name).toBe('reporooms-quirks/new-name');
  });

  it('451 for the DMCA repository with a block object', async () => {
    const res = await c.get('/api/v3/repos/reporooms-quirks/dmca-takedown', { token });
    expect(res.status).toBe(451);
    expect(await res.json()).toEqual({
      message: 'Repository access blocked',
      block: {
        reason: 'dmca',
        created_at: expect.any(String),
        html_url: expect.stringMatching(/^https:\/\/github\.com\//),
      },
    });
    expect((await c.get('/api/v3/repos/reporooms-quirks/dmca-takedown/issues', { token })).status).toBe(451);
  });

  it('403 Repository access blocked', async () => {
    const res = await c.get('/api/v3/repos/reporooms-quirks/access-blocked', { token });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Repository access blocked' });
  });

  it('204 with no body for the contributors of an empty repository', async () => {
    const res = await c.get('/api/v3/repos/reporooms-quirks/empty-repo/contributors', { token });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await json<unknown[]>('/api/v3/repos/reporooms-quirks/empty-repo/releases')).toEqual([]);
  });

  it('404 body for unknown repositories and sub-resources', async () => {
    for (const path of [
      '/api/v3/repos/nobody/nothing',
      '/api/v3/repos/nobody/nothing/releases',
      '/api/v3/repositories/1',
    ]) {
      const res = await c.get(path, { token });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Not Found', documentation_url: expect.any(String) });
    }
  });
});

describe('contributors and releases', () => {
  it('lists contributors by contributions with per_page', async () => {
    const list = await json<{ login: string; contributions: number; avatar_url: string; html_url: string }[]>(
      '/api/v3/repos/facebook/react/contributors?per_page=10',
    );
    expect(list).toHaveLength(10);
    expect(list.map((x) => x.contributions)).toEqual(list.map((x) => x.contributions).sort((a, b) => b - a));
    expect(list[0]?.html_url).toBe(`https://github.com/${list[0]?.login}`);
    expect(list.some((x) => x.login === 'ada-demo')).toBe(true);
  });

  it('lists releases newest first with semver tags and real html_url', async () => {
    const list = await json<
      { tag_name: string; html_url: string; published_at: string; draft: boolean; prerelease: boolean }[]
    >('/api/v3/repos/golang/go/releases?per_page=3');
    expect(list.length).toBeLessThanOrEqual(3);
    for (const r of list) {
      expect(r.tag_name).toMatch(/^v?\d+\.\d+\.\d+/);
      expect(r.html_url).toBe(`https://github.com/golang/go/releases/tag/${r.tag_name}`);
      expect(r.draft).toBe(false);
    }
    const dates = list.map((r) => r.published_at);
    expect(dates).toEqual(dates.slice().sort().reverse());
  });
});

describe('GET /repos/{o}/{r}/issues', () => {
  it('filters by label (all labels must match), mixes in pull requests and honours state', async () => {
    let found = false;
    const search = await json<{ items: Repo[] }>('/api/v3/search/repositories?q=stars:>50000&sort=stars&per_page=40');
    for (const repo of search.items) {
      const gfi = await json<Issue[]>(
        `/api/v3/repos/${repo.full_name}/issues?labels=good%20first%20issue&state=open&per_page=100`,
      );
      for (const issue of gfi) {
        expect(issue.labels.map((l) => l.name)).toContain('good first issue');
        expect(issue.state).toBe('open');
      }
      const pulls = gfi.filter((i) => i.pull_request);
      if (pulls.length > 0 && gfi.length > pulls.length) {
        found = true;
        expect(pulls[0]?.html_url).toContain('/pull/');
        expect(gfi.find((i) => !i.pull_request)?.html_url).toContain('/issues/');
      }
      expect(gfi.length).toBeLessThanOrEqual(repo.open_issues_count);
    }
    expect(found).toBe(true);
    const open = await json<Issue[]>('/api/v3/repos/facebook/react/issues?per_page=100');
    const react = await json<Repo>('/api/v3/repos/facebook/react');
    expect(open).toHaveLength(react.open_issues_count);
    const two = await json<Issue[]>(
      '/api/v3/repos/facebook/react/issues?labels=good%20first%20issue,bug&state=all&per_page=100',
    );
    for (const i of two)
      expect(i.labels.map((l) => l.name)).toEqual(expect.arrayContaining(['good first issue', 'bug']));
    const closed = await json<Issue[]>('/api/v3/repos/facebook/react/issues?state=closed&per_page=100');
    expect(closed.length).toBeGreaterThan(0);
    for (const i of closed) expect(i.state).toBe('closed');
  });

  it('sorts by created descending by default and supports direction=asc', async () => {
    const desc = await json<{ created_at: string }[]>('/api/v3/repos/vuejs/vue/issues?state=all&per_page=100');
    expect(desc.map((i) => i.created_at)).toEqual(
      desc
        .map((i) => i.created_at)
        .sort()
        .reverse(),
    );
    const asc = await json<{ created_at: string }[]>(
      '/api/v3/repos/vuejs/vue/issues?state=all&per_page=100&direction=asc',
    );
    expect(asc.map((i) => i.created_at)).toEqual(asc.map((i) => i.created_at).sort());
  });

  it('has repositories without any good first issue', async () => {
    const search = await json<{ items: Repo[] }>(
      '/api/v3/search/repositories?q=good-first-issues:0+stars:>1000&per_page=5',
    );
    expect(search.items.length).toBeGreaterThan(0);
    const none = await json<Issue[]>(`/api/v3/repos/${search.items[0]?.full_name}/issues?labels=good%20first%20issue`);
    expect(none.filter((i) => !i.pull_request)).toEqual([]);
  });
});

describe('reporooms-quirks/naughty-strings (hostile strings)', () => {
  const hostile = (text: string | null | undefined) => expect(text ?? '').toContain('window.__xss(');

  it('is served and found by repo: search and by name', async () => {
    const repo = await json<Repo & { description: string }>('/api/v3/repos/reporooms-quirks/naughty-strings');
    hostile(repo.description);
    expect(repo.topics.filter((t) => t.includes('window.__xss(')).length).toBeGreaterThanOrEqual(3);
    const byRepo = await json<{ items: Repo[] }>('/api/v3/search/repositories?q=repo:reporooms-quirks/naughty-strings');
    expect(byRepo.items.map((r) => r.full_name)).toEqual(['reporooms-quirks/naughty-strings']);
    const byName = await json<{ items: Repo[] }>('/api/v3/search/repositories?q=naughty-strings');
    expect(byName.items[0]?.full_name).toBe('reporooms-quirks/naughty-strings');
  });

  it('has hostile good first issue titles and label names, and hostile release tags', async () => {
    const gfi = await json<(Issue & { title: string })[]>(
      '/api/v3/repos/reporooms-quirks/naughty-strings/issues?labels=good%20first%20issue',
    );
    const issues = gfi.filter((i) => !i.pull_request);
    expect(issues.length).toBeGreaterThanOrEqual(3);
    for (const issue of issues) hostile(issue.title);
    expect(
      issues.flatMap((i) => i.labels.map((l) => l.name)).filter((n) => n.includes('window.__xss(')).length,
    ).toBeGreaterThanOrEqual(3);
    const releases = await json<{ tag_name: string; name: string; html_url: string }[]>(
      '/api/v3/repos/reporooms-quirks/naughty-strings/releases?per_page=3',
    );
    expect(releases).toHaveLength(3);
    for (const release of releases) {
      hostile(release.tag_name);
      hostile(release.name);
      expect(release.html_url).toBe(
        `https://github.com/reporooms-quirks/naughty-strings/releases/tag/${encodeURIComponent(release.tag_name)}`,
      );
    }
  });

  it('lists contributors with GitHub-shaped logins whose profiles carry payloads', async () => {
    const contributors = await json<{ login: string }[]>('/api/v3/repos/reporooms-quirks/naughty-strings/contributors');
    expect(contributors.length).toBeGreaterThan(0);
    for (const contributor of contributors) {
      expect(contributor.login).toMatch(/^[a-z0-9-]+$/);
      const user = await json<{ name: string; bio: string; company: string; location: string; blog: string }>(
        `/api/v3/users/${contributor.login}`,
      );
      for (const field of [user.name, user.bio, user.company, user.location, user.blog])
        expect(field).toMatch(/__xss\(/);
    }
  });
});
