import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { anotherRepo, createMember, messageOf, type TestMember } from '../testing/room-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';

const SITE = 'http://localhost:3000';
const EXTRA_ORIGIN = 'https://chat.example.org';

/** Cross-site request forgery and cross-site WebSocket hijacking are refused. */
describeEachDatabase('CSRF and CSWSH', (engine) => {
  let testApp: TestApp;
  let cookie: string;
  let port: number;
  beforeAll(async () => {
    // A GitHub to create rooms with, for the writes on messages below.
    testApp = await createTestApp({ engine, github: 'emulator', env: { ALLOWED_ORIGINS: EXTRA_ORIGIN } });
    const user = await buildUser(testApp.database.db);
    cookie = await signIn(testApp, user.id);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  const sessionCount = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example', 'content-type': 'application/json' }, '{}'],
    ['a null Origin', { origin: 'null', 'content-type': 'application/json' }, '{}'],
    ['no Origin', { 'content-type': 'application/json' }, '{}'],
    ['a form post', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['a same-origin text/plain post', { origin: SITE, 'content-type': 'text/plain' }, '{}'],
    ['a same-origin form post', { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['a same-origin body without a content type', { origin: SITE }, '{}'],
    ['a foreign Origin and no body', { origin: 'https://evil.example' }, undefined],
    ['no Origin and no body', {}, undefined],
    [
      'a form with no fields from another site',
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      '',
    ],
  ])('refuses a state change with %s, changing nothing', async (_label, headers, payload) => {
    const before = await sessionCount();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, ...headers },
      payload,
    });
    expect([403, 415]).toContain(response.statusCode);
    expect(await sessionCount()).toBe(before);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  describe('writes without a body', () => {
    const repo = anotherRepo();
    let author: TestMember;
    let roomId: string;
    beforeAll(async () => {
      author = await createMember(testApp);
      roomId = (await author.join(repo)).room.id;
    });
    const messageIn = async (content: string) => messageOf(await author.send(roomId, content));
    const stored = (id: string) =>
      testApp.database.db
        .selectFrom('messages')
        .select(['content', 'deleted_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('delete a message from this site with no body and no content type', async () => {
      const message = await messageIn('bodyless delete');
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/messages/${message.id}`,
        headers: { cookie: author.cookie, origin: SITE },
      });
      expect(response.statusCode).toBe(204);
      expect(await stored(message.id)).toMatchObject({ content: '', deleted_at: expect.any(String) });
    });

    it('leave a room and sign out with an empty body (Content-Length: 0), as fetch sends them', async () => {
      const leaver = await createMember(testApp);
      await leaver.join(repo);
      const headers = { cookie: leaver.cookie, origin: SITE, 'content-length': '0' };
      const left = await testApp.app.inject({ method: 'POST', url: `/api/rooms/${roomId}/leave`, headers });
      expect(left.statusCode).toBe(204);
      const signedOut = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
      expect(signedOut.statusCode).toBe(204);
      const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: leaver.cookie } });
      expect(me.statusCode).toBe(401);
    });

    it('that needs a body is told what is missing, as for an empty one', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/rooms/join',
        headers: { cookie: author.cookie, origin: SITE },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'validation_failed', message: 'repoFullName: Repository must be written as owner/name' },
      });
    });

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['a null Origin', { origin: 'null' }],
      ['no Origin', {}],
    ])('are refused from %s, the message left as it was', async (_label, headers) => {
      const message = await messageIn('still here');
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/messages/${message.id}`,
        headers: { cookie: author.cookie, ...headers },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-origin request refused' } });
      expect(await stored(message.id)).toEqual({ content: 'still here', deleted_at: null });
    });

    it('still refuse a body that is not JSON, the message left as it was', async () => {
      const message = await messageIn('kept');
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/messages/${message.id}`,
        headers: { cookie: author.cookie, origin: SITE, 'content-type': 'text/plain' },
        payload: 'please delete',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: {
          code: 'unsupported_media_type',
          message: 'Requests must send a JSON body (Content-Type: application/json)',
        },
      });
      expect(await stored(message.id)).toEqual({ content: 'kept', deleted_at: null });
    });
  });

  const handshake = (headers: Record<string, string>) =>
    new Promise<{ opened: boolean; status?: number }>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
      socket.once('open', () => {
        socket.close();
        resolve({ opened: true });
      });
      socket.once('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode }));
      socket.once('error', () => resolve({ opened: false }));
    });

  it('accepts a same-origin WebSocket with a session', async () => {
    expect(await handshake({ cookie, origin: SITE })).toEqual({ opened: true });
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['no Origin', {}],
  ])('refuses a WebSocket handshake with %s even with a valid cookie', async (_label, headers) => {
    const result = await handshake({ cookie, ...headers });
    expect(result.opened).toBe(false);
    expect(result.status).toBe(403);
  });

  it('accepts a WebSocket and a state change from a configured extra origin', async () => {
    expect(await handshake({ cookie, origin: EXTRA_ORIGIN })).toEqual({ opened: true });
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, origin: EXTRA_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ theme_preference: 'dark' }),
    });
    expect(response.statusCode).toBe(200);
  });

  // A page served under another name for this server (its address, or a domain pointed at it by
  // DNS rebinding) sends an Origin equal to the Host it addressed: that is not the site.
  it.each([
    ['the address the socket was opened at', (p: number) => ({ origin: `http://127.0.0.1:${p}` })],
    ['a rebound domain named in Host', () => ({ origin: 'http://evil.example', host: 'evil.example' })],
    ['PUBLIC_URL on another port', () => ({ origin: 'http://localhost:3001', host: 'localhost:3001' })],
  ])('refuses a WebSocket whose Origin only matches its Host: %s', async (_label, headersFor) => {
    const result = await handshake({ cookie, ...headersFor(port) });
    expect(result).toEqual({ opened: false, status: 403 });
  });

  it('refuses a state change whose Origin only matches its Host, changing nothing', async () => {
    const before = await sessionCount();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://evil.example', host: 'evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a WebSocket handshake without a session', async () => {
    const result = await handshake({ origin: SITE });
    expect(result).toEqual({ opened: false, status: 401 });
  });
});
