import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { apiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';
import { anotherRepo, createMember, makeModerator, messageOf, testClock } from '../testing/room-test-kit';

/**
 * The public archive never shows what its author deleted, what a moderator removed, or what a
 * message said before an edit: on no page (index, days, threads), in no JSON-LD or description,
 * nor in the sitemap, nor to a visitor reading the room through the API.
 */
describeEachDatabase('public archive exposure', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it('leaves deleted, removed and pre-edit text out of every archive page and visitor read', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const repo = anotherRepo();
    const roomId = (await ada.join(repo)).room.id;
    await grace.join(repo);
    await makeModerator(app, roomId, ada.id, clock.now());
    const as = (m: typeof ada) => ({ cookie: m.cookie });
    const secrets = ['SECRET-DELETED-ROOT', 'SECRET-REMOVED-REPLY', 'SECRET-BEFORE-EDIT', 'SECRET-DELETED-ROOM'];

    const root = messageOf(await grace.send(roomId, 'A question about the build'));
    const reply = (content: string, id: string) =>
      grace.api.post(`/api/rooms/${roomId}/messages`, { client_id: id, content, thread_root_id: root.id }, as(grace));
    const removed = messageOf(await reply(secrets[1] ?? '', 'x1'));
    expect((await ada.api.post(`/api/messages/${removed.id}/remove`, {}, as(ada))).statusCode).toBe(204);
    const edited = messageOf(await reply(secrets[2] ?? '', 'x2'));
    await grace.api.patch(`/api/messages/${edited.id}`, { content: 'the edited reply' }, as(grace));
    const deletedInRoom = messageOf(await grace.send(roomId, secrets[3] ?? ''));
    await grace.api.delete(`/api/messages/${deletedInRoom.id}`, undefined, as(grace));
    // A deleted root keeps its thread for members; its page shows nothing of it.
    const deletedRoot = messageOf(await grace.send(roomId, secrets[0] ?? ''));
    await grace.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: 'x3', content: 'a reply to a deleted root', thread_root_id: deletedRoot.id },
      as(grace),
    );
    await grace.api.delete(`/api/messages/${deletedRoot.id}`, undefined, as(grace));

    const client = apiClient(app.app);
    const day = root.created_at.slice(0, 10);
    const bodies = [
      await client.get(`/r/${repo}/archive`),
      await client.get(`/r/${repo}/archive/${day}`),
      await client.get(`/r/${repo}/threads/${root.id}`),
      await client.get(`/r/${repo}/threads/${deletedRoot.id}`),
      await client.get('/sitemap.xml'),
      await client.get(`/sitemaps/${roomId}-1.xml`),
      await client.get(`/api/rooms/${roomId}/state`),
      await client.get(`/api/rooms/${roomId}/messages`),
      await client.get(`/api/messages/${root.id}/thread`),
      await client.get(`/api/messages/${deletedRoot.id}/thread`),
    ].map((response) => response.body);
    expect(bodies[2]).toContain('the edited reply');
    for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);
  });
});
