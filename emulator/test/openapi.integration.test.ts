import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

/**
 * Validates real emulator responses against GitHub's official OpenAPI response schemas
 * (extracted by scripts/extract-openapi-schemas.ts into the committed fixture).
 */
interface Fixture {
  endpoints: Record<string, Record<string, object | null>>;
  eventPayloads: Record<string, object>;
  components: object;
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/github-openapi-schemas.json', import.meta.url), 'utf8'),
) as Fixture;
// strict:false tolerates OpenAPI-only keywords; `nullable: true` is understood by ajv natively.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(fixture.components);
const compiled = new Map<string, ValidateFunction>();

function validator(endpoint: string, status: number): ValidateFunction {
  const key = `${endpoint} ${status}`;
  let fn = compiled.get(key);
  if (!fn) {
    const schema = fixture.endpoints[endpoint]?.[String(status)];
    if (!schema) throw new Error(`no schema for ${key}`);
    fn = ajv.compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

function expectValid(endpoint: string, status: number, body: unknown): void {
  const validate = validator(endpoint, status);
  const ok = validate(body);
  if (!ok) {
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    expect.fail(`${endpoint} ${status} does not match the OpenAPI schema:\n${errors.join('\n')}`);
  }
}

let c: Client;
let token: string;

beforeAll(async () => {
  c = await startClient();
  token = await c.token('ada-demo');
});
afterAll(() => c.close());

async function check(endpoint: string, path: string, status: number, opts: { token?: string } = {}): Promise<unknown> {
  const res = await c.get(path, opts);
  expect(res.status, `${path}`).toBe(status);
  const body: unknown = await res.json();
  expectValid(endpoint, status, body);
  return body;
}

describe('responses validate against the official OpenAPI schemas', () => {
  it('GET /user and /user/emails', async () => {
    await check('GET /user', '/api/v3/user', 200, { token });
    await check('GET /user', '/api/v3/user', 401);
    await check('GET /user/emails', '/api/v3/user/emails', 200, { token });
    await check('GET /user/emails', '/api/v3/user/emails', 404, { token: await c.token('ada-demo', ['read:user']) });
  });

  it('GET /users/{username} for demo, organisation, personal owner and generated accounts', async () => {
    for (const login of [
      'ada-demo',
      'barbara-demo',
      'facebook',
      'torvalds',
      'reporooms-quirks',
      'naughty-contributor-1',
    ]) {
      await check('GET /users/{username}', `/api/v3/users/${login}`, 200, { token });
    }
    await check('GET /users/{username}', '/api/v3/users/no-such-user-anywhere', 404, { token });
  });

  it('GET /users/{username}/repos and events', async () => {
    for (const login of ['ada-demo', 'grace-demo', 'microsoft']) {
      await check('GET /users/{username}/repos', `/api/v3/users/${login}/repos?per_page=100`, 200, { token });
    }
    for (const login of c.server.emulator.demoLogins()) {
      const events = await check(
        'GET /users/{username}/events/public',
        `/api/v3/users/${login}/events/public?per_page=100`,
        200,
        { token },
      );
      for (const event of events as { type: string; payload: unknown }[]) {
        const schema = fixture.eventPayloads[event.type];
        expect(schema, event.type).toBeDefined();
        const validate = ajv.compile(schema as object);
        expect(validate(event.payload), `${event.type} payload: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });

  it('GET /search/repositories over every repository, and its 422', { timeout: 60_000 }, async () => {
    for (let page = 1; page <= 9; page++) {
      await check(
        'GET /search/repositories',
        `/api/v3/search/repositories?q=stars:>=0+fork:true&per_page=100&page=${page}`,
        200,
        { token },
      );
    }
    await check('GET /search/repositories', '/api/v3/search/repositories?q=react&sort=stars', 200, { token });
    await check('GET /search/repositories', '/api/v3/search/repositories', 422, { token });
    await check('GET /search/repositories', '/api/v3/search/repositories?q=repo:nobody/nothing', 422, { token });
  });

  it('GET /search/issues and its 422', async () => {
    await check(
      'GET /search/issues',
      `/api/v3/search/issues?q=${encodeURIComponent('repo:facebook/react label:"good first issue" is:issue is:open')}`,
      200,
      { token },
    );
    await check(
      'GET /search/issues',
      `/api/v3/search/issues?q=${encodeURIComponent('user:microsoft is:pr')}&per_page=100`,
      200,
      { token },
    );
    await check('GET /search/issues', '/api/v3/search/issues?q=', 422, { token });
  });

  it('GET /repos/{owner}/{repo} for every repository, plus 301/403/404', { timeout: 120_000 }, async () => {
    const all: { full_name: string }[] = [];
    for (let page = 1; page <= 9; page++) {
      const res = await c.get(`/api/v3/search/repositories?q=stars:>=0+fork:true&per_page=100&page=${page}`, { token });
      all.push(...((await res.json()) as { items: { full_name: string }[] }).items);
    }
    expect(all.length).toBeGreaterThan(780);
    for (const repo of all) await check('GET /repos/{owner}/{repo}', `/api/v3/repos/${repo.full_name}`, 200, { token });
    const moved = (await check('GET /repos/{owner}/{repo}', '/api/v3/repos/reporooms-quirks/old-name', 301, {
      token,
    })) as { url: string };
    await check('GET /repos/{owner}/{repo}', new URL(moved.url).pathname, 200, { token });
    await check('GET /repos/{owner}/{repo}', '/api/v3/repos/reporooms-quirks/access-blocked', 403, { token });
    await check('GET /repos/{owner}/{repo}', '/api/v3/repos/nobody/nothing', 404, { token });
  });

  it('contributors, releases and issues lists of many repositories', { timeout: 120_000 }, async () => {
    const res = await c.get('/api/v3/search/repositories?q=stars:>=0&sort=stars&per_page=100', { token });
    const sample = ((await res.json()) as { items: { full_name: string }[] }).items.filter((_, i) => i % 3 === 0);
    for (const name of [
      ...sample.map((r) => r.full_name),
      'ada-demo/analytical-engine',
      'grace-demo/flow-matic',
      'reporooms-quirks/naughty-strings',
    ]) {
      await check('GET /repos/{owner}/{repo}/contributors', `/api/v3/repos/${name}/contributors?per_page=100`, 200, {
        token,
      });
      await check('GET /repos/{owner}/{repo}/releases', `/api/v3/repos/${name}/releases?per_page=100`, 200, { token });
      await check('GET /repos/{owner}/{repo}/issues', `/api/v3/repos/${name}/issues?state=all&per_page=100`, 200, {
        token,
      });
    }
    await check('GET /repos/{owner}/{repo}/contributors', '/api/v3/repos/nobody/nothing/contributors', 404, { token });
    await check('GET /repos/{owner}/{repo}/releases', '/api/v3/repos/nobody/nothing/releases', 404, { token });
    await check('GET /repos/{owner}/{repo}/issues', '/api/v3/repos/reporooms-quirks/old-name/issues', 301, { token });
    await check('GET /repos/{owner}/{repo}/issues', '/api/v3/repos/nobody/nothing/issues', 404, { token });
  });

  it('repository events of every kind, full and trimmed, with each payload checked by its type', async () => {
    const repo = 'sveltejs/svelte';
    const produce = async (body: Record<string, unknown>) => {
      const res = await c.control('/activity', 'POST', { repo, actor: 'ada-demo', ...body });
      expect(res.status).toBe(201);
    };
    await produce({ type: 'release', tag: 'v77.0.0' });
    await produce({ type: 'merge', title: 'fix: a schema-checked merge' });
    await produce({ type: 'issue', title: 'A schema-checked issue' });
    await produce({ type: 'push', commits: 2 });
    for (const shape of ['full', 'trimmed']) {
      await c.control('/event-payloads', 'PUT', { shape });
      const events = (await check('GET /repos/{owner}/{repo}/events', `/api/v3/repos/${repo}/events`, 200, {
        token,
      })) as { type: string; payload: unknown }[];
      expect(events.map((e) => e.type).sort()).toEqual([
        'IssuesEvent',
        'PullRequestEvent',
        'PushEvent',
        'ReleaseEvent',
      ]);
      for (const event of events) {
        const validate = ajv.compile(fixture.eventPayloads[event.type] as object);
        expect(validate(event.payload), `${shape} ${event.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
    await c.control('/reset');
    token = await c.token('ada-demo');
  });

  it('file contents, directories, large and binary files, and commits by ref', async () => {
    const base = '/api/v3/repos/facebook/react';
    const endpoint = 'GET /repos/{owner}/{repo}/contents/{path}';
    for (const path of ['src/index.ts', 'README.md', 'docs/logo.png', 'dist/large-bundle.js', 'src', ''])
      await check(endpoint, `${base}/contents/${path}`, 200, { token });
    await check(endpoint, `${base}/contents/src/missing.ts`, 404, { token });
    await check(endpoint, `${base}/contents/src/index.ts?ref=nope`, 404, { token });
    await check('GET /repos/{owner}/{repo}/commits/{ref}', `${base}/commits/main`, 200, { token });
    await check('GET /repos/{owner}/{repo}/commits/{ref}', `${base}/commits/${'a'.repeat(40)}`, 200, { token });
    await check('GET /repos/{owner}/{repo}/commits/{ref}', `${base}/commits/nope`, 422, { token });
    await check('GET /repos/{owner}/{repo}/commits/{ref}', '/api/v3/repos/nobody/nothing/commits/main', 404, { token });
    await check('GET /repos/{owner}/{repo}/releases/latest', `${base}/releases/latest`, 200, { token });
    await check(
      'GET /repos/{owner}/{repo}/releases/latest',
      '/api/v3/repos/reporooms-quirks/empty-repo/releases/latest',
      404,
      {
        token,
      },
    );
  });

  it('issue creation: 201, 403, 404, 410 and both 422 shapes; the created issue read back', async () => {
    const endpoint = 'POST /repos/{owner}/{repo}/issues';
    const writer = await c.token('ada-demo', ['public_repo']);
    const post = async (repo: string, body: unknown, status: number, as = writer) => {
      const res = await c.request(`/api/v3/repos/${repo}/issues`, {
        method: 'POST',
        token: as,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(status);
      const json: unknown = await res.json();
      expectValid(endpoint, status, json);
      return json as { number: number };
    };
    const created = await post('fastapi/fastapi', { title: 'Schema-checked', labels: ['bug'] }, 201);
    await post('fastapi/fastapi', { title: 'x' }, 403, token);
    await post('nobody/nothing', { title: 'x' }, 404);
    await post('ada-demo/react', { title: 'x' }, 410);
    await post('fastapi/fastapi', {}, 422);
    await post('fastapi/fastapi', { title: ' ' }, 422);
    const one = 'GET /repos/{owner}/{repo}/issues/{issue_number}';
    await check(one, `/api/v3/repos/fastapi/fastapi/issues/${created.number}`, 200, { token });
    const listed = (await (await c.get('/api/v3/repos/sveltejs/svelte/issues?state=all&per_page=100')).json()) as {
      number: number;
    }[];
    for (const item of listed.slice(0, 20))
      await check(one, `/api/v3/repos/sveltejs/svelte/issues/${item.number}`, 200, { token });
    await check(one, '/api/v3/repos/sveltejs/svelte/issues/999999999', 404, { token });
    await c.control('/reset');
    token = await c.token('ada-demo');
  });

  it('GET /rate_limit', async () => {
    await check('GET /rate_limit', '/api/v3/rate_limit', 200, { token });
  });

  it('DELETE /applications/{client_id}/token and /grant (422 bodies)', async () => {
    const basic = `Basic ${Buffer.from('reporooms-demo:reporooms-demo-secret').toString('base64')}`;
    for (const which of ['token', 'grant']) {
      const res = await c.request(`/api/v3/applications/reporooms-demo/${which}`, {
        method: 'DELETE',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(422);
      expectValid(`DELETE /applications/{client_id}/${which}`, 422, await res.json());
    }
  });
});
