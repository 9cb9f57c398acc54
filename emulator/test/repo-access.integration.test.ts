import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

let c: Client;
beforeAll(async () => {
  c = await startClient();
});
afterAll(() => c.close());

type Permissions = { admin: boolean; maintain: boolean; push: boolean; triage: boolean; pull: boolean };

async function permissionsAs(login: string | null, repo: string): Promise<Permissions | undefined> {
  const token = login === null ? undefined : await c.token(login);
  const res = await c.get(`/api/v3/repos/${repo}`, token ? { token } : {});
  expect(res.status).toBe(200);
  return ((await res.json()) as { permissions?: Permissions }).permissions;
}

describe('repository permissions', () => {
  it('a repository read with a token carries that user’s access; anonymously it has none', async () => {
    expect(await permissionsAs(null, 'sveltejs/svelte')).toBeUndefined();
    expect(await permissionsAs('margaret-demo', 'sveltejs/svelte')).toEqual({
      admin: false,
      maintain: true,
      push: true,
      triage: true,
      pull: true,
    });
    expect((await permissionsAs('margaret-demo', 'excalidraw/excalidraw'))?.admin).toBe(true);
    expect((await permissionsAs('ada-demo', 'ada-demo/loom-patterns'))?.admin).toBe(true);
    expect(await permissionsAs('ada-demo', 'sveltejs/svelte')).toEqual({
      admin: false,
      maintain: false,
      push: false,
      triage: false,
      pull: true,
    });
  });

  it('the control API grants and revokes a role; reset restores the demo grants', async () => {
    const grant = await c.control('/repo-access', 'PUT', { login: 'ada-demo', repo: 'SvelteJS/Svelte', role: 'admin' });
    expect(grant.status).toBe(200);
    expect((await permissionsAs('ada-demo', 'sveltejs/svelte'))?.admin).toBe(true);
    expect((await c.control('/repo-access', 'DELETE', { login: 'ada-demo', repo: 'sveltejs/svelte' })).status).toBe(
      200,
    );
    expect((await permissionsAs('ada-demo', 'sveltejs/svelte'))?.admin).toBe(false);

    expect(
      (await c.control('/repo-access', 'DELETE', { login: 'margaret-demo', repo: 'sveltejs/svelte' })).status,
    ).toBe(200);
    expect((await permissionsAs('margaret-demo', 'sveltejs/svelte'))?.maintain).toBe(false);
    await c.control('/reset');
    expect((await permissionsAs('margaret-demo', 'sveltejs/svelte'))?.maintain).toBe(true);

    expect(
      (await c.control('/repo-access', 'PUT', { login: 'ada-demo', repo: 'sveltejs/svelte', role: 'owner' })).status,
    ).toBe(422);
    expect(
      (await c.control('/repo-access', 'PUT', { login: 'ada-demo', repo: 'no/such-repo', role: 'admin' })).status,
    ).toBe(422);
  });
});
