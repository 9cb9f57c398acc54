import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JoinRoomResponse } from '../../shared/api/rooms';
import { sealToken } from '../github/token-seal';
import { MAINTAINER_PROTECTED, MODERATOR_PROTECTED } from '../services/moderation/moderation.service';
import { buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

interface Person {
  id: string;
  cookie: string;
}

/**
 * Moderators answer to GitHub, not to each other: nobody can mute or ban someone whose role on
 * the room's repository is equal to or above theirs, whether that person is in the room, has left
 * it, or was given the role on GitHub since the room last looked.
 */
describeEachDatabase('moderation cannot reach the repository’s maintainers', (engine) => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    // Every role reading reaches the emulator: the test changes roles on GitHub as it goes.
    app = await createTestApp({ engine, github: 'emulator', env: { GITHUB_CACHE_TTL_SECONDS: '0' } });
    api = apiClient(app.app);
  });
  afterAll(() => app?.destroy());

  async function control(method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${app.emulator!.url}/__control/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    return response.json();
  }

  /** A profile for a demo login with a real emulator token, as sign-in leaves it. */
  async function demoUser(login: string): Promise<Person> {
    const token = (await control('POST', 'tokens', { login })) as { access_token: string; id: number };
    const user = await buildUser(app.database.db, {
      github_id: token.id,
      github_username: login,
      username: login,
      github_token_sealed: sealToken(app.ctx.secret, token.access_token),
    });
    return { id: user.id, cookie: await signIn(app, user.id) };
  }

  const join = async (who: Person, repo: string) => {
    const response = await api.post('/api/rooms/join', { repoFullName: repo }, { cookie: who.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JoinRoomResponse>().room.id;
  };
  const leave = (who: Person, roomId: string) => api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: who.cookie });
  const ban = (by: Person, roomId: string, target: Person) =>
    api.post(`/api/rooms/${roomId}/bans`, { user_id: target.id }, { cookie: by.cookie });
  const mute = (by: Person, roomId: string, target: Person) =>
    api.post(`/api/rooms/${roomId}/mutes`, { user_id: target.id, duration: '1h' }, { cookie: by.cookie });
  const sanctions = async (roomId: string) => ({
    bans: await app.database.db.selectFrom('room_bans').selectAll().where('room_id', '=', roomId).execute(),
    mutes: await app.database.db
      .selectFrom('chat_members')
      .select(['user_id', 'muted_until'])
      .where('room_id', '=', roomId)
      .where('muted_until', 'is not', null)
      .execute(),
    log: await app.database.db.selectFrom('moderation_log').selectAll().where('room_id', '=', roomId).execute(),
  });

  let barbara: Person;
  let margaret: Person;
  let ken: Person;
  let roomId: string;

  beforeAll(async () => {
    // barbara-demo maintains fastapi/fastapi; ken-demo has write access to it.
    barbara = await demoUser('barbara-demo');
    margaret = await demoUser('margaret-demo');
    ken = await demoUser('ken-demo');
    await control('PUT', 'repo-access', { login: 'margaret-demo', repo: 'fastapi/fastapi', role: 'maintain' });
    roomId = await join(barbara, 'fastapi/fastapi');
    await join(margaret, 'fastapi/fastapi');
    await join(ken, 'fastapi/fastapi');
  });

  it('a maintainer who left the room cannot be banned by a moderator of the same role', async () => {
    expect((await leave(margaret, roomId)).statusCode).toBe(204);
    const before = await sanctions(roomId);
    const refused = await ban(barbara, roomId, margaret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'forbidden', message: MAINTAINER_PROTECTED } });
    expect(await sanctions(roomId)).toEqual(before);
    // She can come back to her own room.
    expect((await api.post(`/api/rooms/${roomId}/join`, {}, { cookie: margaret.cookie })).statusCode).toBe(200);
  });

  it('a maintainer in the room can be neither muted nor banned', async () => {
    const before = await sanctions(roomId);
    for (const response of [await mute(barbara, roomId, margaret), await ban(barbara, roomId, margaret)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(MODERATOR_PROTECTED);
    }
    expect(await sanctions(roomId)).toEqual(before);
  });

  it('someone GitHub has made admin since the room last read their role can be neither muted nor banned', async () => {
    await control('PUT', 'repo-access', { login: 'ken-demo', repo: 'fastapi/fastapi', role: 'admin' });
    try {
      const before = await sanctions(roomId);
      for (const response of [await mute(barbara, roomId, ken), await ban(barbara, roomId, ken)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json<{ error: { message: string } }>().error.message).toBe(MAINTAINER_PROTECTED);
      }
      expect(await sanctions(roomId)).toEqual(before);
    } finally {
      await control('PUT', 'repo-access', { login: 'ken-demo', repo: 'fastapi/fastapi', role: 'write' });
    }
  });

  it('members below maintain are still muted and banned, in the room or after leaving', async () => {
    expect((await mute(barbara, roomId, ken)).statusCode).toBe(200);
    expect((await leave(ken, roomId)).statusCode).toBe(204);
    expect((await ban(barbara, roomId, ken)).statusCode).toBe(204);
    const after = await sanctions(roomId);
    expect(after.bans.map((b) => b.user_id)).toEqual([ken.id]);
  });
});
