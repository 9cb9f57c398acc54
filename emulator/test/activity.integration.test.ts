import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ambientActivity } from '../activity/ambient';
import { loadDataset } from '../dataset/index';
import { Urls } from '../present/urls';
import { EmulatorState } from '../state';
import { startClient, type Client } from './helpers';

const REPO = 'vitejs/vite';

let c: Client;
beforeAll(async () => {
  c = await startClient();
});
afterAll(() => c.close());
beforeEach(async () => {
  await c.control('/reset');
});

async function activity(body: Record<string, unknown>) {
  const res = await c.control('/activity', 'POST', body);
  return { status: res.status, body: (await res.json()) as { message?: string; payload?: Record<string, never> } };
}

const json = async <T>(path: string): Promise<T> => (await (await c.get(path)).json()) as T;

describe('POST /__control/activity', () => {
  it('refuses bad input with a 422 that says what to send', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ repo: REPO, type: 'fork', actor: 'ada-demo' }, 'type must be one of release, merge, issue, push'],
      [
        { type: 'issue', actor: 'ada-demo', title: 'x' },
        'repo is required: "owner/name" of a repository of the emulator',
      ],
      [
        { repo: 'nobody/nothing', type: 'issue', actor: 'ada-demo', title: 'x' },
        'repo "nobody/nothing" is not a repository of the emulator',
      ],
      [
        { repo: 'reporooms-quirks/old-name', type: 'issue', actor: 'ada-demo', title: 'x' },
        'repo "reporooms-quirks/old-name" was renamed: use "reporooms-quirks/new-name"',
      ],
      [
        { repo: 'reporooms-quirks/empty-repo', type: 'push', actor: 'ada-demo', commits: 1 },
        'repo "reporooms-quirks/empty-repo" keeps its fixed quirk (empty): choose another',
      ],
      [
        { repo: REPO, type: 'issue', title: 'x' },
        'actor is required: the login of a user of the emulator (e.g. "ada-demo")',
      ],
      [
        { repo: REPO, type: 'issue', actor: 'no-such-person', title: 'x' },
        'actor "no-such-person" is not a user of the emulator',
      ],
      [{ repo: REPO, type: 'issue', actor: 'vitejs', title: 'x' }, 'actor "vitejs" is an organization, not a user'],
      [{ repo: REPO, type: 'release', actor: 'ada-demo' }, 'tag is required for a release (e.g. "v1.2.0")'],
      [{ repo: REPO, type: 'release', actor: 'ada-demo', tag: 'v1 beta' }, 'tag "v1 beta" is not a valid git tag name'],
      [{ repo: REPO, type: 'issue', actor: 'ada-demo' }, 'title is required for an issue'],
      [
        { repo: REPO, type: 'issue', actor: 'ada-demo', title: 'x'.repeat(257) },
        'title is too long (maximum is 256 characters)',
      ],
      [{ repo: REPO, type: 'issue', actor: 'ada-demo', title: 'x', body: 5 }, 'body must be a string'],
      [
        { repo: REPO, type: 'push', actor: 'ada-demo' },
        'commits is required: a number of commits (1 to 100) or a list of commit messages',
      ],
      [
        { repo: REPO, type: 'push', actor: 'ada-demo', commits: 0 },
        'commits is required: a number of commits (1 to 100) or a list of commit messages',
      ],
      [
        { repo: REPO, type: 'push', actor: 'ada-demo', commits: [''] },
        'every commit message must be a non-empty string (at most 10000 characters)',
      ],
      [
        { repo: REPO, type: 'push', actor: 'ada-demo', commits: 1, branch: 'bad..name' },
        'branch must be a valid git branch name',
      ],
      [
        { repo: REPO, type: 'merge', actor: 'ada-demo', number: -2 },
        'number must be the number of an open pull request (a positive integer), or left out',
      ],
      [{ repo: REPO, type: 'merge', actor: 'ada-demo', number: 999999 }, `${REPO} has no pull request #999999`],
    ];
    for (const [body, message] of cases)
      expect(await activity(body), JSON.stringify(body)).toEqual({ status: 422, body: { message } });
    const notJson = await fetch(`${c.server.url}/__control/activity`, { method: 'POST', body: 'repo=x' });
    expect(notJson.status).toBe(422);
    // Nothing was produced by any of them.
    expect(await json<unknown[]>(`/api/v3/repos/${REPO}/events`)).toEqual([]);
  });

  it('a release appears in /releases and /releases/latest; its tag cannot be published twice', async () => {
    expect((await activity({ repo: REPO, type: 'release', actor: 'ada-demo', tag: 'v99.0.0' })).status).toBe(201);
    const releases = await json<{ tag_name: string }[]>(`/api/v3/repos/${REPO}/releases`);
    expect(releases[0]?.tag_name).toBe('v99.0.0');
    expect((await json<{ tag_name: string }>(`/api/v3/repos/${REPO}/releases/latest`)).tag_name).toBe('v99.0.0');
    // A prerelease is listed but is never "latest".
    await activity({ repo: REPO, type: 'release', actor: 'ada-demo', tag: 'v100.0.0-rc.1', prerelease: true });
    expect((await json<{ tag_name: string }>(`/api/v3/repos/${REPO}/releases/latest`)).tag_name).toBe('v99.0.0');
    expect(await activity({ repo: REPO, type: 'release', actor: 'ada-demo', tag: 'v99.0.0' })).toEqual({
      status: 422,
      body: { message: `tag "v99.0.0" already has a release in ${REPO}` },
    });
    expect((await c.get('/api/v3/repos/reporooms-quirks/empty-repo/releases/latest')).status).toBe(404);
  });

  it('a merge creates a merged pull request, or merges an open one by number', async () => {
    const before = await json<{ open_issues_count: number }>(`/api/v3/repos/${REPO}`);
    const created = await activity({ repo: REPO, type: 'merge', actor: 'ken-demo', title: 'docs: explain the cache' });
    const number = (created.body.payload as unknown as { number: number }).number;
    const pull = await json<Record<string, unknown>>(`/api/v3/repos/${REPO}/pulls/${number}`);
    expect(pull).toMatchObject({
      title: 'docs: explain the cache',
      merged: true,
      state: 'closed',
      merged_by: { login: 'ken-demo' },
    });
    const asIssue = await json<{ pull_request: { merged_at: string } }>(`/api/v3/repos/${REPO}/issues/${number}`);
    expect(asIssue.pull_request.merged_at).toBe(pull.merged_at);
    expect((await json<{ open_issues_count: number }>(`/api/v3/repos/${REPO}`)).open_issues_count).toBe(
      before.open_issues_count,
    );

    const open = (
      await json<{ number: number; pull_request?: unknown; draft?: boolean }[]>(
        `/api/v3/repos/${REPO}/issues?per_page=100`,
      )
    ).find((i) => i.pull_request && !i.draft);
    if (!open) throw new Error('the dataset repository has no open pull request');
    expect((await activity({ repo: REPO, type: 'merge', actor: 'ada-demo', number: open.number })).status).toBe(201);
    expect(await json<Record<string, unknown>>(`/api/v3/repos/${REPO}/pulls/${open.number}`)).toMatchObject({
      merged: true,
    });
    expect((await json<{ open_issues_count: number }>(`/api/v3/repos/${REPO}`)).open_issues_count).toBe(
      before.open_issues_count - 1,
    );
    expect(await activity({ repo: REPO, type: 'merge', actor: 'ada-demo', number: open.number })).toEqual({
      status: 422,
      body: { message: `pull request #${open.number} is already merged` },
    });
    expect(await activity({ repo: REPO, type: 'merge', actor: 'ada-demo', number: open.number, title: 'x' })).toEqual({
      status: 422,
      body: { message: 'title is only for a new pull request: leave number out, or title out' },
    });
    const issue = (await json<{ number: number; pull_request?: unknown }[]>(`/api/v3/repos/${REPO}/issues`)).find(
      (i) => !i.pull_request,
    );
    expect((await activity({ repo: REPO, type: 'merge', actor: 'ada-demo', number: issue?.number })).body.message).toBe(
      `#${issue?.number} of ${REPO} is an issue, not a pull request`,
    );
  });

  it('an issue is open, numbered next, listed and counted', async () => {
    const before = await json<{ open_issues_count: number }>(`/api/v3/repos/${REPO}`);
    const highest = Math.max(
      ...(await json<{ number: number }[]>(`/api/v3/repos/${REPO}/issues?state=all&per_page=100`)).map((i) => i.number),
    );
    const created = await activity({ repo: REPO, type: 'issue', actor: 'ada-demo', title: 'Slow HMR on Windows' });
    const issue = (created.body.payload as unknown as { issue: { number: number } }).issue;
    expect(issue.number).toBe(highest + 1);
    expect(await json<Record<string, unknown>>(`/api/v3/repos/${REPO}/issues/${issue.number}`)).toMatchObject({
      title: 'Slow HMR on Windows',
      state: 'open',
      user: { login: 'ada-demo' },
    });
    expect((await json<{ number: number }[]>(`/api/v3/repos/${REPO}/issues`))[0]?.number).toBe(issue.number);
    expect((await json<{ open_issues_count: number }>(`/api/v3/repos/${REPO}`)).open_issues_count).toBe(
      before.open_issues_count + 1,
    );
    // The issue-state switch applies to created issues too.
    await c.control('/issue-state', 'PUT', { repo: REPO, number: issue.number, state: 'closed' });
    expect((await json<{ open_issues_count: number }>(`/api/v3/repos/${REPO}`)).open_issues_count).toBe(
      before.open_issues_count,
    );
  });

  it('a push moves the branch head (default branch by default) and pushed_at; a new branch becomes a ref', async () => {
    const head = await json<{ sha: string }>(`/api/v3/repos/${REPO}/commits/main`);
    const pushed = await activity({ repo: REPO, type: 'push', actor: 'linus-demo', commits: 3 });
    const payload = pushed.body.payload as unknown as {
      head: string;
      before: string;
      ref: string;
      commits: { message: string }[];
    };
    expect(payload).toMatchObject({ before: head.sha, ref: 'refs/heads/main' });
    expect(payload.commits).toHaveLength(3);
    const now = await json<{ sha: string; commit: { message: string; author: { name: string } } }>(
      `/api/v3/repos/${REPO}/commits/main`,
    );
    expect(now.sha).toBe(payload.head);
    expect(now.commit.message).toBe(payload.commits[2]?.message);
    expect(now.commit.author.name).toBe('Linus Demo');
    const repo = await json<{ pushed_at: string }>(`/api/v3/repos/${REPO}`);
    expect(Date.now() - Date.parse(repo.pushed_at)).toBeLessThan(60_000);

    expect((await c.get(`/api/v3/repos/${REPO}/commits/feature%2Fcache`)).status).toBe(422);
    await activity({
      repo: REPO,
      type: 'push',
      actor: 'linus-demo',
      commits: ['Start the cache'],
      branch: 'feature/cache',
    });
    expect(
      (await json<{ commit: { message: string } }>(`/api/v3/repos/${REPO}/commits/feature/cache`)).commit.message,
    ).toBe('Start the cache');
    // Reset forgets every produced thing.
    await c.control('/reset');
    expect((await json<{ sha: string }>(`/api/v3/repos/${REPO}/commits/main`)).sha).toBe(head.sha);
    expect(await json<unknown[]>(`/api/v3/repos/${REPO}/events`)).toEqual([]);
  });
});

describe('ambient activity', () => {
  const repos = ['facebook/react', 'vitejs/vite'];
  const run = (ticks: number) => {
    const dataset = loadDataset();
    const state = new EmulatorState();
    const urls = new Urls('http://emulator.test');
    const deps = { dataset, state, urls, nowMs: Date.UTC(2026, 0, 5) };
    const targets = repos.map((r) => dataset.repoByFullName(r)!);
    for (let tick = 0; tick < ticks; tick++)
      ambientActivity({ ...deps, nowMs: deps.nowMs + tick * 1000 }, targets, 'test', tick);
    return repos.flatMap((r) => state.activity.listed(r, deps.nowMs + ticks * 1000)).map((e) => JSON.stringify(e.json));
  };

  it('is the same for the same seed and clock, and covers every kind of activity', () => {
    const a = run(40);
    expect(a).toHaveLength(40);
    expect(run(40)).toEqual(a);
    const types = new Set(a.map((e) => (JSON.parse(e) as { type: string }).type));
    expect([...types].sort()).toEqual(['IssuesEvent', 'PullRequestEvent', 'PushEvent', 'ReleaseEvent']);
  });

  it('runs on a timer for the configured repositories, at most `limit` times', async () => {
    const busy = await startClient({ ambientActivity: { repos: ['facebook/react'], everyMs: 5, limit: 3 } });
    try {
      let listed: unknown[] = [];
      for (let i = 0; i < 100 && listed.length < 3; i++) {
        await new Promise((r) => setTimeout(r, 20));
        listed = (await (await busy.get('/api/v3/repos/facebook/react/events')).json()) as unknown[];
      }
      expect(listed).toHaveLength(3);
      await new Promise((r) => setTimeout(r, 50));
      expect(await (await busy.get('/api/v3/repos/facebook/react/events')).json()).toHaveLength(3);
    } finally {
      await busy.close();
    }
  });
});
