import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_FRAME_BUDGET } from '../realtime/socket-limits';
import { openTestSocket, type TestSocket } from '../testing/ws-test-client';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Property-based fuzzing of every WebSocket frame type and every JSON body: whatever arrives,
 * the server answers with a typed error (or a success), never crashes, never leaks an unhandled
 * rejection, and other clients keep working.
 */
const COMMAND_TYPES = ['room.subscribe', 'room.unsubscribe', 'room.replay', 'typing', 'ping'];

describe('fuzzing', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let roomId: string;
  let messageId: string;
  let cookieA: string;
  let cookieB: string;
  let wsUrl: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    testApp = await createTestApp();
    api = apiClient(testApp.app);
    const db = testApp.database.db;
    const a = await buildUser(db);
    const b = await buildUser(db);
    cookieA = await signIn(testApp, a.id);
    cookieB = await signIn(testApp, b.id);
    const room = await buildRoom(db, a.id);
    roomId = room.id;
    for (const cookie of [cookieA, cookieB]) {
      expect((await api.post(`/api/rooms/${roomId}/join`, {}, { cookie })).statusCode).toBe(200);
    }
    const sent = await api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: randomUUID(), content: 'seed' },
      { cookie: cookieA },
    );
    messageId = (sent.json() as { message: { id: string } }).message.id;
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(testApp.app.server.address() as { port: number }).port}/ws`;
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await testApp?.destroy();
  });

  const frameArbitrary = fc.oneof(
    fc.jsonValue(),
    fc.string({ maxLength: 200 }),
    fc.record(
      {
        type: fc.oneof(fc.constantFrom(...COMMAND_TYPES), fc.string({ maxLength: 30 })),
        room_id: fc.oneof(fc.uuid(), fc.string({ maxLength: 50 }), fc.integer(), fc.constant(null)),
        after_seq: fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 10 }), fc.constant(-1)),
        ref: fc.jsonValue(),
      },
      { requiredKeys: ['type'] },
    ),
  );

  it('every frame gets a typed answer or none; the socket stays usable; other clients are unaffected', async () => {
    // Each socket sends fewer frames (two per run) than its budget: flooding is a
    // different refusal (1008), tested in websocket-abuse.security.test.ts.
    const runsPerSocket = Math.floor(SOCKET_FRAME_BUDGET.limit / 2) - 5;
    const attackers: TestSocket[] = [];
    let attacker = await openTestSocket(wsUrl, { cookie: cookieA, origin: 'http://localhost:3000' });
    attackers.push(attacker);
    const bystander: TestSocket = await openTestSocket(wsUrl, { cookie: cookieB, origin: 'http://localhost:3000' });
    bystander.send({ type: 'room.subscribe', room_id: roomId });
    await bystander.waitFor('room.subscribed', (f) => f.room_id === roomId);

    let runs = 0;
    await fc.assert(
      fc.asyncProperty(frameArbitrary, async (frame) => {
        if (runs > 0 && runs % runsPerSocket === 0) {
          expect(attacker.ws.readyState).toBe(attacker.ws.OPEN);
          attacker = await openTestSocket(wsUrl, { cookie: cookieA, origin: 'http://localhost:3000' });
          attackers.push(attacker);
        }
        runs += 1;
        const ref = randomUUID();
        attacker.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
        // A ping right after proves the socket is alive and every earlier frame was handled.
        attacker.send({ type: 'ping', ref });
        await attacker.waitFor('pong', (f) => f.ref === ref, 5000);
        for (const answer of attacker.frames) {
          if (answer.type === 'error')
            expect([
              'bad_frame',
              'unknown_type',
              'not_found',
              'forbidden',
              'rate_limited',
              'too_many_subscriptions',
            ]).toContain(answer.code);
        }
      }),
      { numRuns: 150 },
    );

    // The bystander still receives live events.
    const sent = await api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: randomUUID(), content: 'after the storm' },
      { cookie: cookieB },
    );
    expect(sent.statusCode).toBe(201);
    await bystander.waitFor(
      'room.event',
      (f) => f.event.type === 'message.created' && f.event.message.content === 'after the storm',
    );
    for (const socket of attackers) {
      expect(socket.frames.some((f) => f.type === 'error' && f.code === 'internal')).toBe(false);
      socket.close();
    }
    bystander.close();
    expect(unhandled).toEqual([]);
  });

  it('binary and oversize frames are refused without harming the server', async () => {
    const socket = await openTestSocket(wsUrl, { cookie: cookieA, origin: 'http://localhost:3000' });
    socket.ws.send(Buffer.from([0, 1, 2, 255]));
    socket.ws.send('x'.repeat(20 * 1024));
    expect(await socket.closed).toBe(1009);
    const health = await api.get('/api/health');
    expect(health.statusCode).toBe(200);
  });

  const ROUTES: Array<{ method: 'POST' | 'PATCH' | 'DELETE'; url: () => string }> = [
    { method: 'POST', url: () => '/api/rooms/join' },
    { method: 'POST', url: () => `/api/rooms/${roomId}/join` },
    { method: 'POST', url: () => `/api/rooms/${roomId}/messages` },
    { method: 'PATCH', url: () => `/api/messages/${messageId}` },
    { method: 'POST', url: () => `/api/messages/${messageId}/reactions` },
    { method: 'PATCH', url: () => '/api/profile' },
    { method: 'POST', url: () => '/api/profile/sync' },
  ];

  it.each(ROUTES.map((r) => [`${r.method} ${r.url.toString().replace(/^\(\) => /, '')}`, r] as const))(
    'any JSON body on %s gets a typed answer, never a 500',
    async (_label, route) => {
      const bodyArbitrary = fc.oneof(
        fc.jsonValue(),
        fc.object({ maxDepth: 3 }),
        fc.record({
          repoFullName: fc.oneof(fc.string(), fc.jsonValue()),
          client_id: fc.oneof(fc.uuid(), fc.string(), fc.jsonValue()),
          content: fc.oneof(fc.string({ unit: 'binary', maxLength: 1200 }), fc.jsonValue()),
          emoji: fc.oneof(fc.constantFrom('👍', '🎉', '❤️'), fc.string()),
          username: fc.string({ unit: 'binary', maxLength: 30 }),
          display_name: fc.string({ maxLength: 60 }),
          bio: fc.string({ maxLength: 600 }),
          privacy_settings: fc.jsonValue(),
          ['__proto__']: fc.jsonValue(),
          constructor: fc.jsonValue(),
        }),
      );
      await fc.assert(
        fc.asyncProperty(bodyArbitrary, async (body) => {
          const response = await testApp.app.inject({
            method: route.method,
            url: route.url(),
            headers: { cookie: cookieA, origin: 'http://localhost:3000', 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          // 502/503 are GitHub or database trouble, reported as such; a 500 would be our own crash.
          expect(response.statusCode, response.body).not.toBe(500);
          expect(response.statusCode, response.body).toBeLessThan(504);
          if (response.statusCode >= 400) {
            const answer = response.json() as { error?: { code?: unknown; message?: unknown } };
            expect(typeof answer.error?.code).toBe('string');
            expect(typeof answer.error?.message).toBe('string');
          }
        }),
        { numRuns: 60 },
      );
      // Prototype pollution keys stay inert.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(unhandled).toEqual([]);
    },
  );
});
