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
