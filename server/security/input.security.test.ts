import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

describeEachDatabase('hostile input', (engine) => {
  let testApp: TestApp;
  let api: ApiClient;
  let cookie: string;
  let roomId: string;
  beforeAll(async () => {
    testApp = await createTestApp({ engine });
    api = apiClient(testApp.app);
    const user = await buildUser(testApp.database.db);
    cookie = await signIn(testApp, user.id);
    roomId = (await buildRoom(testApp.database.db, user.id)).id;
    expect((await api.post(`/api/rooms/${roomId}/join`, {}, { cookie })).statusCode).toBe(200);
  });
  afterAll(() => testApp.destroy());

  const messageCount = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['a NUL character', 'hello\u0000world'],
    ['a lone high surrogate', 'broken \uD800 text'],
    ['a lone low surrogate', 'broken \uDC00 text'],
  ])('refuses a message with %s with a 400, storing nothing', async (_label, content) => {
    const before = await messageCount();
    const response = await api.post(`/api/rooms/${roomId}/messages`, { client_id: randomUUID(), content }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
    expect(await messageCount()).toBe(before);
  });

  it('refuses NUL in profile fields and in query strings', async () => {
    expect((await api.patch('/api/profile', { display_name: 'a\u0000b' }, { cookie })).statusCode).toBe(400);
    expect((await api.get('/api/discovery/search?q=abc%00def')).statusCode).toBe(400);
  });

  it('accepts emoji (paired surrogates)', async () => {
    const response = await api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: randomUUID(), content: 'ship it 🚀' },
      { cookie },
    );
    expect(response.statusCode).toBe(201);
  });

  it('answers 413 for an oversized body', async () => {
    const response = await api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: randomUUID(), content: 'x'.repeat(100_000) },
      { cookie },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses prototype-pollution keys and leaves prototypes untouched', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"display_name":"ok","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses malformed JSON with a 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/rooms/${roomId}/messages`,
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"client_id": ',
    });
    expect(response.statusCode).toBe(400);
  });
});
