import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startEmulatorServer, type StartedEmulator } from '../../../../emulator/server';
import type { JoinRoomResponse, MembersResponse, RoomDetailsResponse } from '../../../../shared/api/rooms';
import { sealToken } from '../../../github/token-seal';
import { ROLE_REFRESH_MS } from '../../../services/moderation/member-roles.service';
import { buildUser, signIn } from '../../../testing/builders';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient, json, type ApiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { replayedLog } from '../../../testing/room-log';

let emulator: StartedEmulator;
beforeAll(async () => {
  emulator = await startEmulatorServer({ port: 0, rateLimits: { coreAuthenticated: 100_000 } });
});
afterAll(() => emulator.close());

async function control(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${emulator.url}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path} answered ${response.status}`);
  return response.json();
}

describeEachDatabase('moderators from GitHub roles', (engine) => {
  let app: TestApp;
  let api: ApiClient;
  let clock = Date.parse('2026-11-25T12:00:00Z');

  beforeAll(async () => {
    app = await createTestApp({
      engine,
      now: () => clock,
      // Every role reading reaches the emulator: what is tested is the service's own 10 minutes.
      env: { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url, GITHUB_CACHE_TTL_SECONDS: '0' },
    });
    api = apiClient(app.app);
  });
  afterAll(() => app.destroy());
  afterEach(async () => {
    await control('POST', 'reset');
  });

  /** A profile for a demo login with a real emulator token, as sign-in leaves it; its cookie. */
  async function demoUser(login: string): Promise<{ id: string; cookie: string }> {
    const token = (await control('POST', 'tokens', { login })) as { access_token: string; id: number };
    const db = app.database.db;
    const sealed = sealToken(app.ctx.secret, token.access_token);
    // One profile per GitHub account: a later test signs the same account in again.
    const existing = await db.selectFrom('profiles').select('id').where('github_id', '=', token.id).executeTakeFirst();
    if (existing) {
      await db.updateTable('profiles').set({ github_token_sealed: sealed }).where('id', '=', existing.id).execute();
      return { id: existing.id, cookie: await signIn(app, existing.id) };
    }
    const user = await buildUser(db, {
      github_id: token.id,
      github_username: login,
      username: `${login}-${Math.random().toString(36).slice(2, 6)}`.slice(0, 20),
      github_token_sealed: sealed,
    });
    return { id: user.id, cookie: await signIn(app, user.id) };
  }

  async function join(cookie: string, repoFullName: string): Promise<string> {
    const response = await api.post('/api/rooms/join', { repoFullName }, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return json<JoinRoomResponse>(response).room.id;
  }

  async function moderatorIds(roomId: string, cookie: string): Promise<string[]> {
    const response = await api.get(`/api/rooms/${roomId}/members`, { cookie });
    return json<MembersResponse>(response)
      .members.filter((m) => m.moderator)
      .map((m) => m.user.id);
  }

  async function details(roomId: string, cookie: string): Promise<RoomDetailsResponse> {
    const response = await api.get(`/api/rooms/${roomId}`, { cookie });
    expect(response.statusCode).toBe(200);
    return json<RoomDetailsResponse>(response);
  }

  function events(roomId: string) {
    return replayedLog(app.database.db, roomId);
  }

  it('admin or maintain access, or owning the repository, makes a member a moderator; others are not', async () => {
    const margaret = await demoUser('margaret-demo');
    const ada = await demoUser('ada-demo');
    const svelte = await join(margaret.cookie, 'sveltejs/svelte');
    await join(ada.cookie, 'sveltejs/svelte');
    expect(await moderatorIds(svelte, ada.cookie)).toEqual([margaret.id]);
    expect((await details(svelte, margaret.cookie)).moderator).toBe(true);
    expect((await details(svelte, ada.cookie)).moderator).toBe(false);
    const joins = (await events(svelte)).map((e) => e.event);
    expect(joins).toEqual([
      expect.objectContaining({ type: 'member.joined', member: expect.objectContaining({ moderator: true }) }),
      expect.objectContaining({ type: 'member.joined', member: expect.objectContaining({ moderator: false }) }),
    ]);

    // Owner of the repository: GitHub answers admin for one's own repositories.
    const own = await join(ada.cookie, 'ada-demo/loom-patterns');
    expect(await moderatorIds(own, ada.cookie)).toEqual([ada.id]);

    // Write access is not enough.
    const ken = await demoUser('ken-demo');
    const fastapi = await join(ken.cookie, 'fastapi/fastapi');
    expect(await moderatorIds(fastapi, ken.cookie)).toEqual([]);
  });

  it('a revoked role is lost at the next refresh (not before 10 minutes), as a room event with the next sequence', async () => {
    const margaret = await demoUser('margaret-demo');
    const roomId = await join(margaret.cookie, 'excalidraw/excalidraw');
    expect((await details(roomId, margaret.cookie)).moderator).toBe(true);

    await control('DELETE', 'repo-access', { login: 'margaret-demo', repo: 'excalidraw/excalidraw' });
    clock += ROLE_REFRESH_MS - 60_000;
    expect((await details(roomId, margaret.cookie)).moderator).toBe(true);

    clock += 2 * 60_000;
    const after = await details(roomId, margaret.cookie);
    expect(after.moderator).toBe(false);
    expect(await moderatorIds(roomId, margaret.cookie)).toEqual([]);
    const log = await events(roomId);
    expect(log.map((e) => e.seq)).toEqual([1, 2]);
    expect(log[1]?.event).toEqual({ type: 'member.role_changed', user_id: margaret.id, moderator: false });
    expect(after.last_seq).toBe(2);

    // Granted again: the next sign-in reads it at once.
    await control('PUT', 'repo-access', { login: 'margaret-demo', repo: 'excalidraw/excalidraw', role: 'maintain' });
    app.services.memberRoles.refreshAtSignIn(margaret.id);
    await app.services.memberRoles.drain();
    expect(await moderatorIds(roomId, margaret.cookie)).toEqual([margaret.id]);
    expect((await events(roomId)).at(-1)?.event).toEqual({
      type: 'member.role_changed',
      user_id: margaret.id,
      moderator: true,
    });
  });

  it('when GitHub cannot answer, the stored role stands and nothing is logged', async () => {
    const barbara = await demoUser('barbara-demo');
    const roomId = await join(barbara.cookie, 'fastapi/fastapi');
    expect((await details(roomId, barbara.cookie)).moderator).toBe(true);
    const logged = (await events(roomId)).length;
    await control('POST', 'failures', { pathPrefix: '/repos/', status: 503 });
    clock += ROLE_REFRESH_MS + 1000;
    expect((await details(roomId, barbara.cookie)).moderator).toBe(true);
    expect((await events(roomId)).length).toBe(logged);
    await control('DELETE', 'failures');
  });

  it('a member without a GitHub token is never a moderator', async () => {
    const margaret = await demoUser('margaret-demo');
    await control('PUT', 'repo-access', { login: 'margaret-demo', repo: 'vuejs/vue', role: 'admin' });
    await app.database.db
      .updateTable('profiles')
      .set({ github_token_sealed: null })
      .where('id', '=', margaret.id)
      .execute();
    const roomId = await join(margaret.cookie, 'vuejs/vue');
    expect(await moderatorIds(roomId, margaret.cookie)).toEqual([]);
  });
});
