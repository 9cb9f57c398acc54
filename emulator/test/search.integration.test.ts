import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

let c: Client;
let token: string;

beforeAll(async () => {
  // Search is limited to 30/min per token; this file makes more calls than that.
  c = await startClient({ rateLimits: { searchAuthenticated: 10_000 } });
  token = await c.token('ada-demo');
});
afterAll(() => c.close());

type Item = {
  full_name: string;
  name: string;
  description: string | null;
  language: string | null;
  topics: string[];
  stargazers_count: number;
  forks_count: number;
  created_at: string;
  pushed_at: string;
  updated_at: string;
  fork: boolean;
  archived: boolean;
  owner: { login: string; type: string };
  score: number;
  license: { spdx_id: string } | null;
};
type Result = { total_count: number; incomplete_results: boolean; items: Item[] };

async function search(q: string, extra = ''): Promise<Result> {
  const res = await c.get(`/api/v3/search/repositories?q=${encodeURIComponent(q)}&per_page=100${extra}`, { token });
  expect(res.status, q).toBe(200);
  return (await res.json()) as Result;
}

async function status(
  q: string | null,
  path = 'repositories',
): Promise<{
  status: number;
  body: { message: string; errors?: { resource: string; field: string; code: string }[] };
}> {
  const res = await c.get(`/api/v3/search/${path}${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, { token });
  return { status: res.status, body: (await res.json()) as never };
}

describe('repository search qualifiers', () => {
  it('stars ranges', async () => {
    for (const [q, ok] of [
      ['stars:>100000', (n: number) => n > 100000],
      ['stars:>=100000', (n: number) => n >= 100000],
      ['stars:<1000', (n: number) => n < 1000],
      ['stars:<=1000', (n: number) => n <= 1000],
      ['stars:1000..5000', (n: number) => n >= 1000 && n <= 5000],
      ['stars:233000', (n: number) => n === 233000],
    ] as const) {
      const r = await search(q);
      expect(r.total_count, q).toBeGreaterThan(0);
      for (const i of r.items) expect(ok(i.stargazers_count), `${q} ${i.stargazers_count}`).toBe(true);
    }
  });

  it('forks range', async () => {
    for (const i of (await search('forks:>40000')).items) expect(i.forks_count).toBeGreaterThan(40000);
  });

  it('language (case-insensitive, multi-word, symbols and aliases)', async () => {
    for (const [q, lang] of [
      ['language:rust', 'Rust'],
      ['language:RUST', 'Rust'],
      ['language:c++', 'C++'],
      ['language:cpp', 'C++'],
      ['language:c#', 'C#'],
      ['"language:jupyter notebook"', 'Jupyter Notebook'],
      ['language:"Jupyter Notebook"', 'Jupyter Notebook'],
      ['language:jupyter-notebook', 'Jupyter Notebook'],
      ['language:c', 'C'],
    ] as const) {
      const r = await search(q);
      expect(r.total_count, q).toBeGreaterThan(0);
      for (const i of r.items) expect(i.language, q).toBe(lang);
    }
  });

  it('created and pushed dates', async () => {
    for (const i of (await search('created:>2024-01-01')).items) expect(i.created_at >= '2024-01-02').toBe(true);
    for (const i of (await search('created:>=2024-01-01')).items) expect(i.created_at >= '2024-01-01').toBe(true);
    for (const i of (await search('created:<2009-01-01')).items) expect(i.created_at < '2009-01-01').toBe(true);
    const between = await search('created:2020-01-01..2020-12-31');
    expect(between.total_count).toBeGreaterThan(0);
    for (const i of between.items) expect(i.created_at.slice(0, 4)).toBe('2020');
    const pushed = await search('pushed:>2025-04-20');
    expect(pushed.total_count).toBeGreaterThan(0);
    for (const i of pushed.items) expect(i.pushed_at >= '2025-04-21').toBe(true);
    // 72 dataset repositories were created in 2024 or later, plus one demo repository.
    expect((await search('created:>=2024-01-01')).total_count).toBe(73);
  });

  it('topic, user, org, repo and in:', async () => {
    for (const i of (await search('topic:cli')).items) expect(i.topics).toContain('cli');
    for (const i of (await search('user:ada-demo fork:true')).items) expect(i.owner.login).toBe('ada-demo');
    const org = await search('org:microsoft');
    expect(org.total_count).toBeGreaterThan(10);
    for (const i of org.items) expect(i.owner.type).toBe('Organization');
    const one = await search('repo:facebook/react');
    expect(one.items.map((i) => i.full_name)).toEqual(['facebook/react']);
    // Scoping qualifiers widen each other, as on GitHub.
    const two = await search('repo:facebook/react repo:vuejs/vue');
    expect(two.items.map((i) => i.full_name).sort()).toEqual(['facebook/react', 'vuejs/vue']);
    const mixed = await search('repo:facebook/react user:ada-demo fork:true');
    const owners = new Set(mixed.items.map((i) => i.owner.login));
    expect(owners).toEqual(new Set(['facebook', 'ada-demo']));
    expect(mixed.items.filter((i) => i.owner.login === 'facebook').map((i) => i.full_name)).toEqual(['facebook/react']);
    const inName = await search('react in:name');
    for (const i of inName.items) expect(i.full_name.toLowerCase()).toContain('react');
    const inDesc = await search('terminal in:description');
    for (const i of inDesc.items) expect(i.description?.toLowerCase()).toContain('terminal');
    const inTopics = await search('database in:topics');
    for (const i of inTopics.items) expect(i.topics.some((t) => t.includes('database'))).toBe(true);
  });

  it('fork and archived', async () => {
    expect((await search('user:ada-demo')).items.some((i) => i.fork)).toBe(false);
    expect((await search('user:ada-demo fork:true')).items.some((i) => i.fork)).toBe(true);
    const only = await search('fork:only');
    expect(only.total_count).toBeGreaterThan(0);
    for (const i of only.items) expect(i.fork).toBe(true);
    const archived = await search('archived:true');
    expect(archived.total_count).toBeGreaterThanOrEqual(4);
    for (const i of archived.items) expect(i.archived).toBe(true);
    for (const i of (await search('archived:false stars:>200000')).items) expect(i.archived).toBe(false);
  });

  it('free text AND qualifiers, case-insensitive, negation', async () => {
    const r = await search('Framework language:python');
    expect(r.total_count).toBeGreaterThan(0);
    for (const i of r.items) {
      expect(i.language).toBe('Python');
      expect(`${i.full_name} ${i.description ?? ''} ${i.topics.join(' ')}`.toLowerCase()).toContain('framework');
    }
    const words = await search('static site generator');
    for (const i of words.items) {
      const text = `${i.full_name} ${i.description ?? ''} ${i.topics.join(' ')}`.toLowerCase();
      for (const w of ['static', 'site', 'generator']) expect(text).toContain(w);
    }
    for (const i of (await search('stars:>100000 -language:python')).items) expect(i.language).not.toBe('Python');
    expect((await search('zzzqqq-no-such-thing')).total_count).toBe(0);
  });

  it('ranks best match by relevance: an exact name comes first', async () => {
    const r = await search('react');
    expect(r.items[0]?.full_name).toBe('facebook/react');
    const scores = r.items.map((i) => i.score);
    expect(scores).toEqual(scores.slice().sort((a, b) => b - a));
  });
});

describe('sort and order', () => {
  const sorted = (values: number[], dir: 'asc' | 'desc') =>
    values.slice().sort((a, b) => (dir === 'asc' ? a - b : b - a));
  it('stars, forks and updated in both orders', async () => {
    for (const [sort, pick] of [
      ['stars', (i: Item) => i.stargazers_count],
      ['forks', (i: Item) => i.forks_count],
      ['updated', (i: Item) => Date.parse(i.updated_at)],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const values = (await search('language:go', `&sort=${sort}&order=${order}`)).items.map(pick);
        expect(values, `${sort} ${order}`).toEqual(sorted(values, order));
      }
      const dflt = (await search('language:go', `&sort=${sort}`)).items.map(pick);
      expect(dflt).toEqual(sorted(dflt, 'desc'));
    }
  });

  it('help-wanted-issues', async () => {
    const r = await search('stars:>50000', '&sort=help-wanted-issues');
    expect(r.items.length).toBeGreaterThan(0);
  });

  it("the product's trending query", async () => {
    const r = await search('stars:>10000 language:typescript stars:>=50000', '&sort=stars&order=desc');
    expect(r.total_count).toBeGreaterThan(0);
    for (const i of r.items) expect(i.stargazers_count).toBeGreaterThanOrEqual(50000);
  });
});

describe('paging, cap and validation', () => {
  it('pages with Link and refuses results beyond the first 1000', async () => {
    const res = await c.get('/api/v3/search/repositories?q=stars:>0&per_page=100&page=2', { token });
    const link = res.headers.get('link') ?? '';
    expect(link).toContain('rel="prev"');
    expect(link).toContain(
      `${c.server.url}/api/v3/search/repositories?q=stars%3A%3E0&per_page=100&page=3>; rel="next"`,
    );
    const beyond = await c.get('/api/v3/search/repositories?q=stars:>0&per_page=100&page=11', { token });
    expect(beyond.status).toBe(422);
    expect(((await beyond.json()) as { message: string }).message).toBe(
      'Only the first 1000 search results are available',
    );
  });

  it('reports total_count above 1000 but stops Link at the cap', async () => {
    const res = await c.get('/api/v3/search/issues?q=is:issue&per_page=100', { token });
    const body = (await res.json()) as Result;
    expect(body.total_count).toBeGreaterThan(1000);
    expect(res.headers.get('link')).toContain('page=10>; rel="last"');
    expect((await c.get('/api/v3/search/issues?q=is:issue&per_page=100&page=10', { token })).status).toBe(200);
    expect((await c.get('/api/v3/search/issues?q=is:issue&per_page=100&page=11', { token })).status).toBe(422);
  });

  it('422 Validation Failed for a missing q, bad values and unknown repo/user', async () => {
    const missing = await status(null);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Validation Failed');
    expect(missing.body.errors?.[0]).toMatchObject({ resource: 'Search', field: 'q', code: 'missing' });
    for (const q of [
      'stars:lots',
      'created:>yesterday',
      'fork:maybe',
      'archived:perhaps',
      'repo:nobody/nothing',
      'user:no-such-user-xyz',
      'org:torvalds',
      'stars:',
    ]) {
      const r = await status(q);
      expect(r.status, q).toBe(422);
      expect(r.body.errors?.[0], q).toMatchObject({ resource: 'Search', field: 'q', code: 'invalid' });
    }
  });
});

describe('GET /search/issues', () => {
  type Issues = {
    total_count: number;
    search_type: string;
    items: { labels: { name: string }[]; pull_request?: object; state: string; repository_url: string }[];
  };
  it('finds good first issues of one repository, without pull requests', async () => {
    const q = 'repo:facebook/react label:"good first issue" is:issue is:open';
    const res = await c.get(`/api/v3/search/issues?q=${encodeURIComponent(q)}`, { token });
    expect(res.headers.get('x-ratelimit-resource')).toBe('search');
    const body = (await res.json()) as Issues;
    expect(body.search_type).toBe('lexical');
    expect(body.total_count).toBeGreaterThan(0);
    for (const i of body.items) {
      expect(i.labels.map((l) => l.name)).toContain('good first issue');
      expect(i.pull_request).toBeUndefined();
      expect(i.state).toBe('open');
      expect(i.repository_url).toBe(`${c.server.url}/api/v3/repos/facebook/react`);
    }
  });

  it('is:pr, state:, and 422 for unknown repositories', async () => {
    const prs = (await (
      await c.get(`/api/v3/search/issues?q=${encodeURIComponent('repo:facebook/react is:pr state:closed')}`, { token })
    ).json()) as Issues;
    for (const i of prs.items) {
      expect(i.pull_request).toBeDefined();
      expect(i.state).toBe('closed');
    }
    expect((await status('repo:nobody/nothing is:issue', 'issues')).status).toBe(422);
  });
});
