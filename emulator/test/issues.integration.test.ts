import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

let c: Client;
beforeAll(async () => {
  c = await startClient();
});
afterAll(() => c.close());

const REPO = 'sveltejs/svelte';

interface Item {
  number: number;
  title: string;
  state: 'open' | 'closed';
  html_url: string;
  closed_at: string | null;
  draft?: boolean;
  pull_request?: { merged_at: string | null };
}

async function items(): Promise<Item[]> {
  const res = await c.get(`/api/v3/repos/${REPO}/issues?state=all&per_page=100`);
  expect(res.status).toBe(200);
  return (await res.json()) as Item[];
}

async function read(path: string, headers: Record<string, string> = {}) {
  const res = await c.get(`/api/v3/repos/${REPO}${path}`, { headers });
  return { status: res.status, etag: res.headers.get('etag'), body: res.status === 200 ? await res.json() : null };
}

describe('issues and pull requests by number', () => {
  it('answers an issue and a pull request like GitHub, with state, draft and merged_at', async () => {
    const all = await items();
    const issue = all.find((i) => !i.pull_request && i.state === 'open');
    const pull = all.find((i) => i.pull_request && i.state === 'open');
    if (!issue || !pull) throw new Error('the dataset repository has no open issue and pull request');

    const one = await read(`/issues/${issue.number}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ number: issue.number, title: issue.title, state: 'open' });
    expect(one.body).not.toHaveProperty('pull_request');

    const asIssue = await read(`/issues/${pull.number}`);
    expect(asIssue.body).toMatchObject({ number: pull.number, draft: false, pull_request: { merged_at: null } });
    const asPull = await read(`/pulls/${pull.number}`);
    expect(asPull.body).toMatchObject({
      number: pull.number,
      title: pull.title,
      state: 'open',
      draft: false,
      merged: false,
      merged_at: null,
    });

    // An issue is no pull request; unknown numbers and repositories are 404.
    expect((await read(`/pulls/${issue.number}`)).status).toBe(404);
    expect((await read('/issues/999999999')).status).toBe(404);
    expect((await read('/issues/abc')).status).toBe(404);
    expect((await c.get('/api/v3/repos/no-such-owner/no-such-repo/issues/1')).status).toBe(404);
  });

  it('a closed pull request of the dataset was merged', async () => {
    const closed = (await items()).find((i) => i.pull_request && i.state === 'closed');
    if (!closed) throw new Error('the dataset repository has no closed pull request');
    const pull = await read(`/pulls/${closed.number}`);
    expect(pull.body).toMatchObject({ state: 'closed', merged: true, merged_at: closed.closed_at });
  });

  it('the control API changes a state: the answer and its ETag follow, reset restores the dataset', async () => {
    const all = await items();
    const issue = all.find((i) => !i.pull_request && i.state === 'open')!;
    const pull = all.find((i) => i.pull_request && i.state === 'open')!;
    const before = await read(`/issues/${issue.number}`);

    const closing = await c.control('/issue-state', 'PUT', {
      repo: 'SvelteJS/Svelte',
      number: issue.number,
      state: 'closed',
    });
    expect(closing.status).toBe(200);
    const after = await read(`/issues/${issue.number}`, { 'if-none-match': before.etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(after.etag).not.toBe(before.etag);
    expect((await read(`/issues/${issue.number}`, { 'if-none-match': after.etag ?? '' })).status).toBe(304);
    // The list shows it closed too.
    expect((await items()).find((i) => i.number === issue.number)?.state).toBe('closed');

    await c.control('/issue-state', 'PUT', { repo: REPO, number: pull.number, state: 'draft' });
    expect((await read(`/pulls/${pull.number}`)).body).toMatchObject({ state: 'open', draft: true });
    await c.control('/issue-state', 'PUT', { repo: REPO, number: pull.number, state: 'merged' });
    expect((await read(`/pulls/${pull.number}`)).body).toMatchObject({ state: 'closed', merged: true, draft: false });
    expect((await read(`/issues/${pull.number}`)).body).toMatchObject({
      state: 'closed',
      pull_request: { merged_at: expect.any(String) as string },
    });

    const listed = (await (await c.control('/issue-state', 'GET')).json()) as { repo: string; state: string }[];
    expect(listed.map((l) => l.state).sort()).toEqual(['closed', 'merged']);

    // An issue cannot be merged or a draft; unknown repositories and numbers are refused.
    expect((await c.control('/issue-state', 'PUT', { repo: REPO, number: issue.number, state: 'merged' })).status).toBe(
      422,
    );
    expect((await c.control('/issue-state', 'PUT', { repo: 'no/such', number: 1, state: 'open' })).status).toBe(422);
    expect((await c.control('/issue-state', 'PUT', { repo: REPO, number: 999999999, state: 'open' })).status).toBe(422);

    await c.control('/reset');
    expect((await read(`/issues/${issue.number}`)).body).toMatchObject({ state: 'open' });
    expect((await read(`/pulls/${pull.number}`)).body).toMatchObject({ state: 'open', draft: false });
  });
});
