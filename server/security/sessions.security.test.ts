import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { setSessionCookie } from '../http/session-cookie';
import { openTestSocket } from '../testing/ws-test-client';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('session cookie attributes', () => {
  async function cookieFor(publicUrl: string): Promise<string> {
    const app = Fastify();
    await app.register(fastifyCookie);
    const config = loadConfig({ PUBLIC_URL: publicUrl });
    app.get('/', async (_request, reply) => {
      setSessionCookie(reply, config, 'token-value', new Date(Date.now() + 60_000));
      return 'ok';
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return String(response.headers['set-cookie']);
  }

  it('over HTTPS: __Host- prefix, Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const cookie = await cookieFor('https://rooms.example');
    expect(cookie).toMatch(/^__Host-rr_session=token-value;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('over plain HTTP (local use): HttpOnly and SameSite=Lax without Secure', async () => {
    const cookie = await cookieFor('http://localhost:3000');
    expect(cookie).toMatch(/^rr_session=token-value;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);
  });
});

describe('sessions and limits across tabs', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let wsUrl: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = apiClient(testApp.app);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(testApp.app.server.address() as { port: number }).port}/ws`;
  });
  afterAll(() => testApp.destroy());

  it('the send limit is per user: two tabs (two sessions) share the same 10 messages per minute', async () => {
    const user = await buildUser(testApp.database.db);
    const tabA = await signIn(testApp, user.id);
    const tabB = await signIn(testApp, user.id);
    const room = await buildRoom(testApp.database.db, user.id);
    expect((await api.post(`/api/rooms/${room.id}/join`, {}, { cookie: tabA })).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const cookie = i % 2 === 0 ? tabA : tabB;
      const response = await api.post(
        `/api/rooms/${room.id}/messages`,
        { client_id: randomUUID(), content: `message ${i}` },
        { cookie },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });

  it('signing out in one tab closes that session’s sockets and refuses the old cookie, other sessions live on', async () => {
    const user = await buildUser(testApp.database.db);
    const tabA = await signIn(testApp, user.id);
    const tabB = await signIn(testApp, user.id);
    const socketA = await openTestSocket(wsUrl, { cookie: tabA, origin: 'http://localhost:3000' });
    const socketB = await openTestSocket(wsUrl, { cookie: tabB, origin: 'http://localhost:3000' });
    expect((await api.post('/api/auth/sign-out', {}, { cookie: tabA })).statusCode).toBe(204);
    expect(await socketA.closed).toBe(4001);
    expect((await api.get('/api/me', { cookie: tabA })).statusCode).toBe(401);
    expect((await api.get('/api/me', { cookie: tabB })).statusCode).toBe(200);
    const ref = randomUUID();
    socketB.send({ type: 'ping', ref });
    await socketB.waitFor('pong', (f) => f.ref === ref);
    socketB.close();
  });

  it('a signed-out session cannot open a new socket', async () => {
    const user = await buildUser(testApp.database.db);
    const cookie = await signIn(testApp, user.id);
    await api.post('/api/auth/sign-out', {}, { cookie });
    await expect(openTestSocket(wsUrl, { cookie, origin: 'http://localhost:3000' })).rejects.toThrow();
  });
});
