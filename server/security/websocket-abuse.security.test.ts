import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPING_RELAY_INTERVAL_MS } from '../../shared/limits';
import { CLOSE_CODES, MAX_REPLAY_EVENTS, type ServerFrame } from '../../shared/realtime/protocol';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config/config';
import { encodeFact } from '../services/room-events/room-event-facts';
import type { DatabaseHandle } from '../db/database';
import { anotherRepo, createMember, messageOf, testClock, type TestMember } from '../testing/room-test-kit';
import {
  MAX_SOCKETS_PER_SESSION,
  MAX_SOCKETS_PER_USER,
  SOCKET_FRAME_BUDGET,
  USER_CONNECT_BUDGET,
  USER_FRAME_BUDGET,
} from '../realtime/socket-limits';
import { openTestSocket, type TestSocket } from '../testing/ws-test-client';
import { signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { requireRedis, TEST_REDIS_URL } from '../testing/redis';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Real repositories of the emulator's dataset: a first join checks that the repository exists. */
const REPOS = {
  calm: anotherRepo(),
  flood_one: anotherRepo(),
  heavy: anotherRepo(),
  replay: anotherRepo(),
  typing: anotherRepo(),
  typing_other: anotherRepo(),
};

const ORIGIN = 'http://localhost:3000';
const POLICY = CLOSE_CODES.policyViolation;

function wsUrlOf(app: BuiltApp): string {
  const address = app.app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
}

function countOf(socket: TestSocket, type: ServerFrame['type']): number {
  return socket.frames.filter((f) => f.type === type).length;
}

function isOpen(socket: TestSocket): boolean {
  return socket.ws.readyState === socket.ws.OPEN;
}

/**
 * Sends `total` pings in batches, each batch answered (or the socket closed) before the next:
 * the per-user budget is what is measured, not the per-socket queue of pending commands.
 */
async function pingInBatches(socket: TestSocket, total: number, batch = 10): Promise<void> {
  for (let sent = 0; sent < total;) {
    let ref = '';
    for (let i = 0; i < batch && sent < total; i += 1, sent += 1) {
      ref = `b${sent}`;
      socket.send({ type: 'ping', ref });
    }
    const last = ref;
    const outcome = await Promise.race([
      socket.waitFor('pong', (f) => f.ref === last, 10_000).then(() => 'answered' as const),
      socket.closed.then(() => 'closed' as const),
    ]);
    if (outcome === 'closed') return;
  }
}

/** A round trip: every frame the server sent this socket before the pong has arrived. */
async function settle(socket: TestSocket): Promise<void> {
  const ref = Math.random().toString(36).slice(2);
  socket.send({ type: 'ping', ref });
  await socket.waitFor('pong', (f) => f.ref === ref);
}

describeEachDatabase('WebSocket abuse limits', (engine) => {
  // Rate-limit windows follow this clock: they only move when a test moves them.
  const clock = testClock(Date.now());
  let app: TestApp;
  let url: string;
  let httpBase: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    url = wsUrlOf(app);
    httpBase = url.replace(/^ws/, 'http').replace(/\/ws$/, '');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.destroy();
  });

  async function open(cookie: string): Promise<TestSocket> {
    const socket = await openTestSocket(url, { cookie, origin: ORIGIN });
    sockets.push(socket);
    return socket;
  }

  async function connect(cookie: string): Promise<TestSocket> {
    const socket = await open(cookie);
    await socket.waitFor('hello');
    return socket;
  }

  async function subscribed(socket: TestSocket, roomId: string): Promise<void> {
    socket.send({ type: 'room.subscribe', room_id: roomId });
    await socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
  }

  /** Appends `count` events to the room's log directly (the send limit would take hours). */
  async function growLog(roomId: string, count: number): Promise<number> {
    const db = app.ctx.database.db;
    const room = await db
      .selectFrom('chat_rooms')
      .select('last_seq')
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    const from = Number(room.last_seq);
    const now = new Date(clock.now()).toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      room_id: roomId,
      seq: from + i + 1,
      type: 'message.deleted',
      payload: encodeFact({ type: 'message.deleted', message_id: randomUUID() }),
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('room_events')
        .values(rows.slice(i, i + 200))
        .execute();
    await db
      .updateTable('chat_rooms')
      .set({ last_seq: from + count })
      .where('id', '=', roomId)
      .execute();
    return from + count;
  }

  it('closes a socket that floods frames with 1008; the same user’s other sockets live on', async () => {
    const ada = await createMember(app);
    const { room } = await ada.join(REPOS.flood_one);
    const calm = await connect(ada.cookie);
    const flooder = await connect(ada.cookie);
    const sent = SOCKET_FRAME_BUDGET.limit * 3;
    for (let i = 0; i < sent; i += 1) {
      if (i % 2 === 0) flooder.send({ type: 'ping', ref: `f${i}` });
      else flooder.send({ type: 'room.subscribe', room_id: room.id, after_seq: 0 });
    }
    expect(await flooder.closedWith).toEqual({ code: POLICY, reason: 'too many frames from this connection' });
    const answered = countOf(flooder, 'pong') + countOf(flooder, 'room.subscribed') + countOf(flooder, 'error');
    expect(answered).toBeLessThan(sent);
    await settle(calm);
    expect(isOpen(calm)).toBe(true);
  });

  it('holds a per-user frame budget over all of the user’s sockets', async () => {
    const grace = await createMember(app);
    const perSocket = SOCKET_FRAME_BUDGET.limit - 10;
    const count = Math.ceil(USER_FRAME_BUDGET.limit / perSocket) + 1;
    const own: TestSocket[] = [];
    for (let i = 0; i < count; i += 1) own.push(await connect(grace.cookie));
    for (const socket of own) await pingInBatches(socket, perSocket);

    const pongs = own.reduce((sum, socket) => sum + countOf(socket, 'pong'), 0);
    expect(pongs).toBe(USER_FRAME_BUDGET.limit);
    const closes = await Promise.all(own.filter((s) => !isOpen(s)).map((s) => s.closedWith));
    expect(closes.length).toBeGreaterThan(0);
    for (const close of closes) expect(close).toEqual({ code: POLICY, reason: 'too many frames from this user' });
    // Another user is not affected.
    const other = await createMember(app);
    await settle(await connect(other.cookie));
  });

  it('caps open sockets per session with a policy close and a clear reason', async () => {
    const user = await createMember(app);
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i += 1) await connect(user.cookie);
    const extra = await open(user.cookie);
    expect(await extra.closedWith).toEqual({
      code: POLICY,
      reason: `at most ${MAX_SOCKETS_PER_SESSION} connections per session`,
    });
    expect(countOf(extra, 'hello')).toBe(0);
    // Another session of the same user (another browser) still connects.
    await connect(await signIn(app, user.id));
  });

  it('caps open sockets per user over all their sessions', async () => {
    const user = await createMember(app);
    const sessions = [user.cookie];
    while (sessions.length * MAX_SOCKETS_PER_SESSION < MAX_SOCKETS_PER_USER) sessions.push(await signIn(app, user.id));
    let opened = 0;
    for (const cookie of sessions)
      for (let i = 0; i < MAX_SOCKETS_PER_SESSION && opened < MAX_SOCKETS_PER_USER; i += 1, opened += 1)
        await connect(cookie);
    const extra = await open(await signIn(app, user.id));
    expect(await extra.closedWith).toEqual({
      code: POLICY,
      reason: `at most ${MAX_SOCKETS_PER_USER} connections per user`,
    });
    expect(countOf(extra, 'hello')).toBe(0);
  });

  it('limits how often one user opens new sockets', async () => {
    const user = await createMember(app);
    for (let i = 0; i < USER_CONNECT_BUDGET.limit; i += 1) {
      const socket = await connect(user.cookie);
      socket.close();
      await socket.closed;
    }
    const extra = await open(user.cookie);
    expect(await extra.closedWith).toEqual({ code: POLICY, reason: 'too many new connections, retry later' });
    clock.advance(USER_CONNECT_BUDGET.windowMs);
    await connect(user.cookie);
  });

  it('relays one user’s typing in one room at most once per throttle period, however many sockets', async () => {
    const typist = await createMember(app);
    const observer = await createMember(app);
    const { room } = await typist.join(REPOS.typing);
    const { room: other } = await typist.join(REPOS.typing_other);
    await observer.join(REPOS.typing);
    await observer.join(REPOS.typing_other);
    const watcher = await connect(observer.cookie);
    await subscribed(watcher, room.id);
    await subscribed(watcher, other.id);
    const tabs: TestSocket[] = [];
    for (let i = 0; i < 5; i += 1) {
      const tab = await connect(typist.cookie);
      await subscribed(tab, room.id);
      tabs.push(tab);
    }
    await subscribed(tabs[0]!, other.id);
    const typingIn = (roomId: string) =>
      watcher.frames.filter((f) => f.type === 'typing' && f.room_id === roomId && f.user_id === typist.id).length;

    /** Every tab types three times at once, then everything the server relays has arrived. */
    async function burst(): Promise<void> {
      for (const tab of tabs) for (let i = 0; i < 3; i += 1) tab.send({ type: 'typing', room_id: room.id });
      for (const tab of tabs) await settle(tab);
      // Relayed typing goes through the bus; give stray repeats every chance to show up.
      await sleep(200);
      await settle(watcher);
    }

    await burst();
    expect(typingIn(room.id)).toBe(1);
    await burst();
    expect(typingIn(room.id)).toBe(1);
    // The throttle is per room: the same user typing elsewhere is relayed.
    tabs[0]!.send({ type: 'typing', room_id: other.id });
    await watcher.waitFor('typing', (f) => f.room_id === other.id);
    clock.advance(TYPING_RELAY_INTERVAL_MS);
    await burst();
    expect(typingIn(room.id)).toBe(2);
    expect(typingIn(other.id)).toBe(1);
  });

  it('replays a long log in full and in order, and answers resync beyond the replay window', async () => {
    const ada = await createMember(app);
    const { room } = await ada.join(REPOS.replay);
    const last = await growLog(room.id, MAX_REPLAY_EVENTS - 1);
    expect(last).toBe(MAX_REPLAY_EVENTS);
    const socket = await connect(ada.cookie);
    socket.send({ type: 'room.subscribe', room_id: room.id, after_seq: 0 });
    await socket.waitFor('room.event', (f) => f.room_id === room.id && f.seq === last, 20_000);
    expect(socket.events(room.id).map((e) => e.seq)).toEqual(Array.from({ length: last }, (_, i) => i + 1));

    const total = await growLog(room.id, 10);
    const late = await connect(ada.cookie);
    late.send({ type: 'room.subscribe', room_id: room.id, after_seq: 0 });
    expect(await late.waitFor('room.resync')).toEqual({ type: 'room.resync', room_id: room.id, last_seq: total });
    await settle(late);
    expect(late.events(room.id)).toHaveLength(0);
  });

  it('while one user floods from many sockets, another user’s message is delivered and health answers', async () => {
    const flooder = await createMember(app);
    const { room: heavy } = await flooder.join(REPOS.heavy);
    await growLog(heavy.id, MAX_REPLAY_EVENTS - 1);
    const sender = await createMember(app);
    const reader = await createMember(app);
    const { room } = await sender.join(REPOS.calm);
    await reader.join(REPOS.calm);
    const readerSocket = await connect(reader.cookie);
    await subscribed(readerSocket, room.id);

    const floods: TestSocket[] = [];
    for (let i = 0; i < 10; i += 1) floods.push(await connect(flooder.cookie));
    for (const socket of floods)
      for (let i = 0; i < SOCKET_FRAME_BUDGET.limit * 2; i += 1) {
        if (i % 2 === 0) socket.send({ type: 'ping' });
        else socket.send({ type: 'room.subscribe', room_id: heavy.id, after_seq: 0 });
      }

    const response = await sender.send(room.id, 'still here');
    expect(response.statusCode).toBe(201);
    const message = messageOf(response);
    const delivered = await readerSocket.waitFor(
      'room.event',
      (f) => f.event.type === 'message.created' && f.event.message.id === message.id,
      20_000,
    );
    expect(delivered.room_id).toBe(room.id);
    const health = await fetch(`${httpBase}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const closes = await Promise.all(floods.map((socket) => socket.closedWith));
    for (const close of closes) expect(close.code).toBe(POLICY);
  });
});

describe('per-user frame budget across two server processes sharing Redis', async () => {
  if (!(await requireRedis())) {
    it.skip('needs Redis', () => undefined);
    return;
  }
  const clock = testClock(Date.now());
  let first: TestApp;
  let second: BuiltApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    first = await createTestApp({ now: clock.now, env: { REDIS_URL: TEST_REDIS_URL } });
    // The second process shares the first one's database; only the first one closes it.
    const shared: DatabaseHandle = { ...first.database, close: async () => undefined };
    second = await buildApp(loadConfig({ ...configEnv(first), REDIS_URL: TEST_REDIS_URL }), {
      database: shared,
      serveClient: false,
      logger: pino({ level: 'silent' }),
      now: clock.now,
    });
    await second.app.ready();
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await second?.close();
    await first?.destroy();
  });

  it('frames sent to either process count against one budget', async () => {
    const user: TestMember = await createMember(first);
    const perSocket = SOCKET_FRAME_BUDGET.limit - 10;
    const count = Math.ceil(USER_FRAME_BUDGET.limit / perSocket) + 1;
    const own: TestSocket[] = [];
    for (let i = 0; i < count; i += 1) {
      const socket = await openTestSocket(wsUrlOf(i % 2 === 0 ? first : second), {
        cookie: user.cookie,
        origin: ORIGIN,
      });
      sockets.push(socket);
      await socket.waitFor('hello');
      own.push(socket);
    }
    for (const socket of own) await pingInBatches(socket, perSocket);
    const pongs = own.reduce((sum, socket) => sum + countOf(socket, 'pong'), 0);
    expect(pongs).toBe(USER_FRAME_BUDGET.limit);
    const closes = await Promise.all(own.filter((s) => !isOpen(s)).map((s) => s.closedWith));
    expect(closes.length).toBeGreaterThan(0);
    for (const close of closes) expect(close).toEqual({ code: POLICY, reason: 'too many frames from this user' });
  });
});

/** The environment createTestApp used for `app`, so a second process can share its secrets. */
function configEnv(app: TestApp): Record<string, string> {
  return {
    PUBLIC_URL: app.config.publicUrl,
    LOG_LEVEL: 'silent',
    DATA_DIR: app.config.dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
  };
}
