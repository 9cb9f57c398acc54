import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { apiClient } from '../../testing/http';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { anotherRepo, createMember, makeModerator, messageOf } from '../../testing/room-test-kit';

describeEachDatabase('public archive settings', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it('"Members only" and "Hide from search engines" change the pages, the sitemap and visitor reads, and are logged', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const outsider = await createMember(app);
    const repo = anotherRepo();
    const roomId = (await ada.join(repo)).room.id;
    await grace.join(repo);
    await makeModerator(app, roomId, ada.id);
    const message = messageOf(await ada.send(roomId, 'archived words'));
    const day = message.created_at.slice(0, 10);
    const client = apiClient(app.app);
    const set = (who: typeof ada, body: unknown) =>
      who.api.put(`/api/rooms/${roomId}/archive-settings`, body, { cookie: who.cookie });

    // Members who do not moderate cannot change it.
    expect((await set(grace, { access: 'members' })).statusCode).toBe(403);
    const details = await client.get(`/api/rooms/${roomId}`);
    expect(details.json().archive).toEqual({ access: 'anyone', indexing: 'indexed' });

    // Hidden from search engines: still readable, with noindex, and out of the sitemap.
    expect((await set(ada, { indexing: 'hidden' })).json()).toEqual({ access: 'anyone', indexing: 'hidden' });
    const hidden = await client.get(`/r/${repo}/archive/${day}`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).toContain('<meta name="robots" content="noindex">');
    expect(hidden.headers['x-robots-tag']).toBe('noindex');
    expect((await client.get('/sitemap.xml')).body).not.toContain(roomId);
    expect((await client.get(`/sitemaps/${roomId}-1.xml`)).statusCode).toBe(404);

    // Members only: pages answer 404, visitors and non-members read nothing; members still read.
    await set(ada, { access: 'members', indexing: 'indexed' });
    expect((await client.get(`/r/${repo}/archive`)).statusCode).toBe(404);
    expect((await client.get(`/r/${repo}/archive/${day}`)).statusCode).toBe(404);
    expect((await client.get(`/r/${repo}/threads/${message.id}`)).statusCode).toBe(404);
    expect((await client.get('/sitemap.xml')).body).not.toContain(roomId);
    expect((await client.get(`/api/rooms/${roomId}/state`)).statusCode).toBe(403);
    expect((await client.get(`/api/rooms/${roomId}/messages`)).statusCode).toBe(403);
    expect((await client.get(`/api/messages/${message.id}/thread`)).statusCode).toBe(403);
    const asOutsider = { cookie: outsider.cookie };
    expect((await outsider.api.get(`/api/rooms/${roomId}/state`, asOutsider)).statusCode).toBe(403);
    expect((await grace.api.get(`/api/rooms/${roomId}/state`, { cookie: grace.cookie })).statusCode).toBe(200);
    // The room's facts stay visible, to offer "Join Chat".
    expect((await client.get(`/api/rooms/${roomId}`)).json().archive.access).toBe('members');

    // Open again.
    await set(ada, { access: 'anyone' });
    expect((await client.get(`/r/${repo}/archive/${day}`)).statusCode).toBe(200);
    expect((await client.get('/sitemap.xml')).body).toContain(roomId);

    const log = await ada.api.get(`/api/rooms/${roomId}/moderation-log`, { cookie: ada.cookie });
    const actions = (log.json().entries as Array<{ action: string; detail: string }>).map(
      (e) => `${e.action}:${e.detail}`,
    );
    expect(actions).toEqual([
      'room.archive_access_changed:anyone',
      'room.archive_indexing_changed:indexed',
      'room.archive_access_changed:members',
      'room.archive_indexing_changed:hidden',
    ]);
  });
});

describeEachDatabase('README badge', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it('shows online people or members, sized to its text, cached a minute; 404 without creating a room', async () => {
    const ada = await createMember(app);
    const repo = anotherRepo();
    await ada.join(repo);
    const client = apiClient(app.app);
    const online = await client.get(`/r/${repo}/badge.svg`);
    expect(online.statusCode).toBe(200);
    expect(online.headers['content-type']).toContain('image/svg+xml');
    expect(online.headers['cache-control']).toBe('max-age=60');
    expect(online.body).toContain('>chat</text>');
    expect(online.body).toContain('>0 online</text>');
    const members = await client.get(`/r/${repo}/badge.svg?show=members`);
    expect(members.body).toContain('>1 member</text>');
    const width = (svg: string) => Number(/^<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
    expect(width(members.body)).toBeGreaterThan(width(online.body));
    const rooms = async () => (await app.ctx.database.db.selectFrom('chat_rooms').select('id').execute()).length;
    const before = await rooms();
    expect((await client.get('/r/nobody-here/nothing-at-all/badge.svg')).statusCode).toBe(404);
    expect((await client.get(`/r/${anotherRepo()}/badge.svg`)).statusCode).toBe(404);
    expect(await rooms()).toBe(before);
  });
});
