import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinRoomResponse, MessageResponse } from '../../shared/api/rooms';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { sessionsRepository } from '../db/repositories/sessions.repository';
import { createSessionsService } from '../services/sessions.service';
import { buildUser } from '../testing/builders';
import { isPostgresReachable, TEST_DATABASE_URL } from '../testing/databases';
import { requireRedis, TEST_REDIS_URL } from '../testing/redis';
import { createProductServer, type ProductServer } from '../testing/services/product-server';
import { openTestSocket, waitForEvents, type TestSocket } from '../testing/ws-test-client';

interface User {
  id: string;
  cookie: string;
}

/**
 * Two real server processes on one PostgreSQL database and one Redis: fan-out, presence and
 * rate limits must behave as if there were one.
 */
describe('two server processes sharing PostgreSQL and Redis', async () => {
  const ready = (await requireRedis()) && (await postgresOrFail());
  if (!ready) {
    it.skip('needs PostgreSQL and Redis', () => undefined);
    return;
  }

  const databaseName = `rr_multi_${randomBytes(5).toString('hex')}`;
  const databaseUrl = TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${databaseName}`);
  const servers: ProductServer[] = [];
  const sockets: TestSocket[] = [];
  let fixture: DatabaseHandle;
  let a: ProductServer;
  let b: ProductServer;

  beforeAll(async () => {
    await adminQuery(`create database "${databaseName}"`);
    const sessionSecret = randomBytes(32).toString('hex');
    for (let i = 0; i < 2; i += 1) {
      const server = await createProductServer({ databaseUrl, redisUrl: TEST_REDIS_URL, sessionSecret });
      servers.push(server);
      // One at a time: the first one migrates the fresh database.
      await server.start();
    }
    [a, b] = servers as [ProductServer, ProductServer];
    fixture = await openDatabase(databaseUrl, { poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((server) => server.stop()));
    await fixture?.close();
    await adminQuery(`drop database if exists "${databaseName}" with (force)`);
  }, 60_000);

  async function signedInUser(): Promise<User> {
    const profile = await buildUser(fixture.db);
    const { token } = await createSessionsService(sessionsRepository(fixture.db)).create(profile.id);
    return { id: profile.id, cookie: `rr_session=${token}` };
  }

  function call(server: ProductServer, user: User, method: string, path: string, body?: unknown) {
    return fetch(`${server.origin}${path}`, {
      method,
      headers: {
        cookie: user.cookie,
        ...(method === 'GET' ? {} : { origin: server.origin, 'content-type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
  }

  async function connect(server: ProductServer, user: User, roomId: string): Promise<TestSocket> {
    const socket = await openTestSocket(`ws://127.0.0.1:${server.port}/ws`, {
      cookie: user.cookie,
      origin: server.origin,
    });
    sockets.push(socket);
    socket.send({ type: 'room.subscribe', room_id: roomId, after_seq: 0 });
    await socket.waitFor('room.subscribed');
    return socket;
  }

  it('fans out messages, typing and presence across processes and shares the send limit', async () => {
    const ada = await signedInUser();
    const grace = await signedInUser();
    const joined = await call(a, ada, 'POST', '/api/rooms/join', { repoFullName: 'facebook/react' });
    expect(joined.status).toBe(200);
    const roomId = ((await joined.json()) as JoinRoomResponse).room.id;
    expect((await call(b, grace, 'POST', '/api/rooms/join', { repoFullName: 'FACEBOOK/react' })).status).toBe(200);

    const onA = await connect(a, ada, roomId);
    const onB = await connect(b, grace, roomId);

    // Presence: both processes see both users.
    const both = [ada.id, grace.id].sort();
    await onA.waitForOnline(roomId, (online) => online.join() === both.join(), { timeoutMs: 10_000 });
    const bSubscribed = await onB.waitFor('room.subscribed');
    expect(bSubscribed.online_user_ids).toEqual(both);

    // A message sent through A reaches the socket on B, and the other way round.
    const sent = await call(a, ada, 'POST', `/api/rooms/${roomId}/messages`, { client_id: 'mp-1', content: 'from A' });
    expect(sent.status).toBe(201);
    const onBEvents = await waitForEvents(onB, roomId, 3);
    expect(onBEvents.map((e) => e.event.type)).toEqual(['member.joined', 'member.joined', 'message.created']);
    await call(b, grace, 'POST', `/api/rooms/${roomId}/messages`, { client_id: 'mp-2', content: 'from B' });
    const onAEvents = await waitForEvents(onA, roomId, 4);
    expect(onAEvents.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(onAEvents[3]!.event).toMatchObject({ type: 'message.created', message: { content: 'from B' } });

    // Typing crosses processes too.
    onB.send({ type: 'typing', room_id: roomId });
    expect(await onA.waitFor('typing')).toMatchObject({ room_id: roomId, user_id: grace.id });

    // The send limit is one budget across processes: 10 per minute in total.
    for (let i = 2; i <= 10; i += 1) {
      const server = i % 2 === 0 ? b : a;
      const response = await call(server, ada, 'POST', `/api/rooms/${roomId}/messages`, {
        client_id: `mp-ada-${i}`,
        content: `message ${i}`,
      });
      expect(response.status).toBe(201);
    }
    const refused = await call(b, ada, 'POST', `/api/rooms/${roomId}/messages`, {
      client_id: 'mp-ada-11',
      content: 'no',
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Please wait \d+ seconds before sending another message$/,
    );

    // Both sockets end with the same ordered transcript as the log.
    const total = 2 + 2 + 9;
    const fromA = await waitForEvents(onA, roomId, total);
    const fromB = await waitForEvents(onB, roomId, total);
    expect(fromA.map((e) => e.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(fromB).toEqual(fromA);

    // A socket closing on one process takes its user off the other process's presence.
    onB.close();
    await onA.waitForOnline(roomId, (online) => online.join() === ada.id, { timeoutMs: 10_000 });
  });

  it("moves a read position and announces new messages to a user's sockets on the other process", async () => {
    const ada = await signedInUser();
    const grace = await signedInUser();
    const joined = await call(a, ada, 'POST', '/api/rooms/join', { repoFullName: 'rust-lang/rust' });
    const roomId = ((await joined.json()) as JoinRoomResponse).room.id;
    expect((await call(b, grace, 'POST', '/api/rooms/join', { repoFullName: 'rust-lang/rust' })).status).toBe(200);

    // Ada has the site open on both processes, without the room open.
    const adaOnA = await openTestSocket(`ws://127.0.0.1:${a.port}/ws`, { cookie: ada.cookie, origin: a.origin });
    const adaOnB = await openTestSocket(`ws://127.0.0.1:${b.port}/ws`, { cookie: ada.cookie, origin: b.origin });
    sockets.push(adaOnA, adaOnB);
    await Promise.all([adaOnA.waitFor('hello'), adaOnB.waitFor('hello')]);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const sent = await call(b, grace, 'POST', `/api/rooms/${roomId}/messages`, { client_id: 'rp-1', content: 'news' });
    expect(sent.status).toBe(201);
    const messageId = ((await sent.json()) as { message: { id: string } }).message.id;
    for (const socket of [adaOnA, adaOnB]) {
      expect(await socket.waitFor('room.activity', (f) => f.message_id === messageId, 10_000)).toMatchObject({
        room_id: roomId,
        author_id: grace.id,
        kind: 'created',
      });
    }

    // Read on A: the socket on B hears it.
    expect((await call(a, ada, 'PUT', `/api/rooms/${roomId}/read`, { message_id: messageId })).status).toBe(200);
    expect(await adaOnB.waitFor('read.updated', undefined, 10_000)).toEqual({
      type: 'read.updated',
      room_id: roomId,
      last_read_message_id: messageId,
    });
    const unread = await call(b, ada, 'GET', '/api/me/unread');
    expect(((await unread.json()) as { rooms: Array<{ room_id: string; unread_count: number }> }).rooms).toContainEqual(
      expect.objectContaining({ room_id: roomId, unread_count: 0 }),
    );
  });
  it('shares the report and moderation limits across processes and tells the moderator on the other one', async () => {
    const maintainer = await signedInUser();
    const ada = await signedInUser();
    const grace = await signedInUser();
    const joined = await call(a, maintainer, 'POST', '/api/rooms/join', { repoFullName: 'vercel/next.js' });
    expect(joined.status).toBe(200);
    const roomId = ((await joined.json()) as JoinRoomResponse).room.id;
    for (const user of [ada, grace]) {
      expect((await call(b, user, 'POST', '/api/rooms/join', { repoFullName: 'vercel/next.js' })).status).toBe(200);
    }
    // GitHub has just said the maintainer maintains the repository.
    await fixture.db
      .updateTable('chat_members')
      .set({ moderator: true, role_checked_at: new Date().toISOString() })
      .where('room_id', '=', roomId)
      .where('user_id', '=', maintainer.id)
      .execute();
    const moderatorSocket = await connect(a, maintainer, roomId);

    const messageIds: string[] = [];
    // Two authors, each within the send limit (10 a minute).
    for (let i = 0; i < 11; i += 1) {
      const author = i % 2 === 0 ? grace : maintainer;
      const sent = await call(i % 2 === 0 ? a : b, author, 'POST', `/api/rooms/${roomId}/messages`, {
        client_id: `mp-report-${i}`,
        content: `report me ${i}`,
      });
      expect(sent.status).toBe(201);
      messageIds.push(((await sent.json()) as MessageResponse).message.id);
    }

    // Reports: 10 an hour per member, counted over both processes.
    for (let i = 0; i < 10; i += 1) {
      const id = messageIds[i] ?? '';
      const reported = await call(i % 2 === 0 ? b : a, ada, 'POST', `/api/messages/${id}/reports`, { reason: 'spam' });
      expect(reported.status).toBe(204);
    }
    const refused = await call(b, ada, 'POST', `/api/messages/${messageIds[10] ?? ''}/reports`, { reason: 'spam' });
    expect(refused.status).toBe(429);
    // Reports made through B reach the moderator's socket on A.
    await moderatorSocket.waitFor('reports.changed', (frame) => frame.open_count === 10, 10_000);

    // Moderation actions: 30 a minute per moderator, counted over both processes.
    for (let i = 0; i < 30; i += 1) {
      const changed = await call(i % 2 === 0 ? a : b, maintainer, 'PUT', `/api/rooms/${roomId}/topic`, {
        topic: `Topic ${i}`,
      });
      expect(changed.status).toBe(200);
    }
    const tooMany = await call(b, maintainer, 'PUT', `/api/rooms/${roomId}/topic`, { topic: 'One more' });
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toMatch(
      /^Please wait \d+ seconds before another moderation action$/,
    );
  });

  it('carries a reply with its quote, and the mention of the original author, across processes', async () => {
    const ada = await signedInUser();
    const grace = await signedInUser();
    const joined = await call(a, ada, 'POST', '/api/rooms/join', { repoFullName: 'vuejs/vue' });
    const roomId = ((await joined.json()) as JoinRoomResponse).room.id;
    expect((await call(b, grace, 'POST', '/api/rooms/join', { repoFullName: 'vuejs/vue' })).status).toBe(200);
    const onA = await connect(a, ada, roomId);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const asked = await call(a, ada, 'POST', `/api/rooms/${roomId}/messages`, { client_id: 'mq-1', content: 'why?' });
    const originalId = ((await asked.json()) as MessageResponse).message.id;
    const replied = await call(b, grace, 'POST', `/api/rooms/${roomId}/messages`, {
      client_id: 'mq-2',
      content: 'because',
      reply_to_id: originalId,
    });
    expect(replied.status).toBe(201);
    const replyId = ((await replied.json()) as MessageResponse).message.id;
    const events = await waitForEvents(onA, roomId, 4);
    expect(events[3]!.event).toMatchObject({
      type: 'message.created',
      message: { id: replyId, reply_to: { message_id: originalId, user_id: ada.id, excerpt: 'why?', deleted: false } },
    });
    expect(await onA.waitFor('room.activity', (f) => f.message_id === replyId, 10_000)).toMatchObject({
      mentions_you: true,
      excerpt: 'because',
    });

    // B presents the reply for a replay first, quoting the original...
    const early = await connect(b, grace, roomId);
    expect((await waitForEvents(early, roomId, 4))[3]!.event).toMatchObject({
      message: { id: replyId, reply_to: { excerpt: 'why?' } },
    });
    // ...then the original is deleted through A: a later replay from B quotes it as deleted,
    // without its words (B drops what it presented when the deletion reaches it).
    expect((await call(a, ada, 'DELETE', `/api/messages/${originalId}`)).status).toBe(204);
    await waitForEvents(early, roomId, 5);
    const replay = await connect(b, grace, roomId);
    const replayed = await waitForEvents(replay, roomId, 5);
    expect(replayed.find((e) => e.seq === 4)?.event).toMatchObject({
      type: 'message.created',
      message: { id: replyId, reply_to: { message_id: originalId, excerpt: '', deleted: true } },
    });
    expect(JSON.stringify(replayed)).not.toContain('why?');
  });

  it("signing out through one process closes that session's sockets on the other at once", async () => {
    const ada = await signedInUser();
    const onA = await openTestSocket(`ws://127.0.0.1:${a.port}/ws`, { cookie: ada.cookie, origin: a.origin });
    sockets.push(onA);
    await onA.waitFor('hello');
    // Process A has just resolved the session (and keeps it in memory for a while).
    expect((await call(a, ada, 'GET', '/api/me')).status).toBe(200);
    expect((await call(b, ada, 'POST', '/api/auth/sign-out', {})).status).toBe(204);
    // Well before the minute after which open sockets re-check their session on their own.
    const closed = await Promise.race([
      onA.closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10_000)),
    ]);
    expect(closed).toBe(4001);
    // The same announcement removed it from A's memory: the cookie no longer signs anyone in there.
    expect((await call(a, ada, 'GET', '/api/me')).status).toBe(401);
  });
});

async function postgresOrFail(): Promise<boolean> {
  if (await isPostgresReachable()) return true;
  if (process.env.CI === 'true')
    throw new Error(`PostgreSQL is required under CI=true but ${TEST_DATABASE_URL} is unreachable`);
  console.warn(`\n!!! SKIPPING multi-process test: ${TEST_DATABASE_URL} is unreachable\n`);
  return false;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
