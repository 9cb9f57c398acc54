import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { JoinRoomResponse, RoomActivityResponse } from '../../shared/api/rooms';
import { buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * A room is created by the first join of a repository. Before, any owner/name became a room,
 * and so an entry in "Active now": anyone could fill the home page with made-up names. A join
 * now asks GitHub (the emulator here) first; a repository GitHub does not know creates nothing.
 */
describeEachDatabase('rooms only for repositories GitHub knows', (engine) => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
    api = apiClient(app.app);
  });
  afterAll(async () => {
    await app?.destroy();
  });
  afterEach(async () => {
    await control('DELETE', 'failures', {});
  });

  async function control(method: 'POST' | 'DELETE', path: string, body: unknown): Promise<void> {
    const response = await fetch(`${app.emulator!.url}/__control/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
  }

  async function join(repoFullName: string) {
    const user = await buildUser(app.ctx.database.db);
    const cookie = await signIn(app, user.id);
    return api.post('/api/rooms/join', { repoFullName }, { cookie });
  }

  /** Every row a join could write. */
  async function chatTables(): Promise<string> {
    const db = app.ctx.database.db;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('chat_rooms').selectAll().orderBy('id').execute(),
        db.selectFrom('chat_members').selectAll().orderBy('id').execute(),
        db.selectFrom('room_events').selectAll().orderBy('room_id').orderBy('seq').execute(),
      ]),
    );
  }

  it('refuses a repository that does not exist with 404 and writes nothing', async () => {
    const before = await chatTables();
    for (const name of ['nobody-owns/this-repository', 'facebook/no-such-repository-here']) {
      const response = await join(name);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: 'Repository not found on GitHub' });
    }
    expect(await chatTables()).toBe(before);
    const activity = await api.get('/api/rooms/activity?repos=nobody-owns/this-repository');
    expect(activity.json<RoomActivityResponse>().activity).toEqual({});
  });

  it('refuses repositories GitHub blocks (DMCA takedown, terms of service) the same way', async () => {
    const before = await chatTables();
    for (const name of ['reporooms-quirks/dmca-takedown', 'reporooms-quirks/access-blocked']) {
      const response = await join(name);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().error.message).toBe('Repository not found on GitHub');
    }
    expect(await chatTables()).toBe(before);
  });

  it("creates the room under the repository's current name when it was renamed", async () => {
    const response = await join('reporooms-quirks/old-name');
    expect(response.statusCode).toBe(200);
    const { room, created } = response.json<JoinRoomResponse>();
    expect(created).toBe(true);
    expect(room.repo_full_name).toBe('reporooms-quirks/new-name');
    const again = await join('reporooms-quirks/new-name');
    expect(again.json<JoinRoomResponse>().room.id).toBe(room.id);
  });

  it('answers 503 and creates nothing when GitHub cannot answer; the next try works', async () => {
    await control('POST', 'failures', { pathPrefix: '/repos/vuejs/core', status: 503 });
    const before = await chatTables();
    const response = await join('vuejs/core');
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'unavailable',
      message: 'Could not check the repository on GitHub right now, please retry',
    });
    expect(await chatTables()).toBe(before);

    await control('DELETE', 'failures', {});
    const retried = await join('vuejs/core');
    expect(retried.statusCode).toBe(200);
    expect(retried.json<JoinRoomResponse>()).toMatchObject({ created: true, room: { repo_full_name: 'vuejs/core' } });
  });
});
