import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/realtime/protocol';
import { CLOSE_CODES, MAX_REPLAY_EVENTS, PROTOCOL_VERSION } from '../../shared/realtime/protocol';
import { createMember, messageOf, type TestMember } from '../testing/room-test-kit';
import { busChannels, publishOn } from '../bus/channels';
import { createRoomChanges } from '../services/room-events/room-change';
import { encodeFact } from '../services/room-events/room-event-facts';
import { hashToken } from '../services/sessions.service';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  HandshakeRefused,
  onlineLists,
  openTestSocket,
  waitForEvents,
  type TestSocket,
} from '../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';
type EventFrame = Extract<ServerFrame, { type: 'room.event' }>;

describeEachDatabase('realtime gateway', (engine) => {
  let app: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.destroy();
  });

  async function connect(member: TestMember): Promise<TestSocket> {
    const socket = await openTestSocket(url, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    return socket;
  }

  async function subscribed(socket: TestSocket, roomId: string, afterSeq?: number) {
    socket.send({
      type: 'room.subscribe',
      room_id: roomId,
      ...(afterSeq !== undefined ? { after_seq: afterSeq } : {}),
    });
    return socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
  }

  /** A ping round trip: every frame the server sent before the pong has arrived. */
  async function settle(socket: TestSocket): Promise<void> {
    const ref = Math.random().toString(36).slice(2);
    socket.send({ type: 'ping', ref });
    await socket.waitFor('pong', (f) => f.ref === ref);
  }

  const seqs = (events: EventFrame[]) => events.map((e) => e.seq);

  it('refuses handshakes without a session (401) or from a foreign or missing origin (403)', async () => {
    const ada = await createMember(app);
    await expect(openTestSocket(url, { origin: ORIGIN })).rejects.toMatchObject({ status: 401 });
    await expect(openTestSocket(url, { origin: ORIGIN, cookie: 'rr_session=forged' })).rejects.toMatchObject({
      status: 401,
    });
    await expect(openTestSocket(url, { cookie: ada.cookie, origin: 'https://evil.example' })).rejects.toBeInstanceOf(
      HandshakeRefused,
    );
    await expect(openTestSocket(url, { cookie: ada.cookie, origin: 'https://evil.example' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(openTestSocket(url, { cookie: ada.cookie })).rejects.toMatchObject({ status: 403 });
    const hello = await (await connect(ada)).waitFor('hello');
    expect(hello.user_id).toBe(ada.id);
  });

  it('says which protocol version it speaks in its hello', async () => {
    const ada = await createMember(app);
    const hello = await (await connect(ada)).waitFor('hello');
    expect(hello).toEqual({ type: 'hello', user_id: ada.id, protocol: PROTOCOL_VERSION });
  });

  it('delivers committed changes live, in sequence order, as presenter DTOs', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join('vuejs/vue');
    await grace.join('vuejs/vue');
    const socket = await connect(ada);
    const ack = await subscribed(socket, room.id);
    expect(ack.last_seq).toBe(2);
    expect(ack.online_user_ids).toEqual([ada.id]);

    const first = messageOf(await grace.send(room.id, 'hello there'));
    for (let i = 0; i < 4; i += 1) await grace.send(room.id, `message ${i}`);
    await grace.api.post(`/api/messages/${first.id}/reactions`, { emoji: '🎉' }, { cookie: grace.cookie });
    await grace.api.patch(`/api/messages/${first.id}`, { content: 'hello, edited' }, { cookie: grace.cookie });
    await grace.api.delete(`/api/messages/${first.id}`, {}, { cookie: grace.cookie });

    const events = await waitForEvents(socket, room.id, 8);
    expect(seqs(events)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(events.map((e) => e.event.type)).toEqual([
      'message.created',
      'message.created',
      'message.created',
      'message.created',
      'message.created',
      'reaction.added',
      'message.updated',
      'message.deleted',
    ]);
    const created = events[0]!.event;
    expect(created.type === 'message.created' && created.message).toMatchObject({
      id: first.id,
      content: 'hello there',
      author: { id: grace.id, username: grace.username },
    });
    expect(JSON.stringify(events)).not.toMatch(/github_token|email|repo_key/);
  });

  it('refuses subscriptions to rooms one is not a member of, or that do not exist', async () => {
    const ada = await createMember(app);
    const eve = await createMember(app);
    const { room } = await ada.join('torvalds/linux');
    const socket = await connect(eve);
    socket.send({ type: 'room.subscribe', room_id: room.id });
    expect(await socket.waitFor('error', (f) => f.code === 'forbidden')).toMatchObject({ ref_type: 'room.subscribe' });
    socket.send({ type: 'room.subscribe', room_id: '00000000-0000-4000-8000-000000000000' });
    await socket.waitFor('error', (f) => f.code === 'not_found');
    await ada.send(room.id, 'secret');
    await settle(socket);
    expect(socket.events(room.id)).toHaveLength(0);
  });

  it('relays typing to the other members, never back to the typist', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join('twbs/bootstrap');
    await grace.join('twbs/bootstrap');
    const adaSocket = await connect(ada);
    const graceSocket = await connect(grace);
    await subscribed(adaSocket, room.id);
    await subscribed(graceSocket, room.id);
    graceSocket.send({ type: 'typing', room_id: room.id });
    const typing = await adaSocket.waitFor('typing');
    expect(typing).toMatchObject({ room_id: room.id, user_id: grace.id });
    expect(typeof typing.sent_at).toBe('number');
    await settle(graceSocket);
    expect(graceSocket.frames.filter((f) => f.type === 'typing')).toHaveLength(0);
    const stored = await app.ctx.database.db
      .selectFrom('room_events')
      .where('room_id', '=', room.id)
      .selectAll()
      .execute();
    expect(stored.map((e) => e.type)).toEqual(['member.joined', 'member.joined']);
  });

  it('tracks presence by user across sockets', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join('microsoft/vscode');
    await grace.join('microsoft/vscode');
    const adaSocket = await connect(ada);
    await subscribed(adaSocket, room.id);
    const graceTab1 = await connect(grace);
    const graceTab2 = await connect(grace);
    expect((await subscribed(graceTab1, room.id)).online_user_ids).toEqual([ada.id, grace.id].sort());
    await subscribed(graceTab2, room.id);
    await adaSocket.waitForOnline(room.id, (online) => online.includes(grace.id));

    graceTab1.close();
    await graceTab1.closed;
    await settle(adaSocket);
    // One of grace's two tabs is still there: she stays online.
    graceTab2.send({ type: 'room.unsubscribe', room_id: room.id });
    const seen = onlineLists(adaSocket.frames, room.id).length;
    const offline = await adaSocket.waitForOnline(room.id, (online) => !online.includes(grace.id), {
      afterLists: seen,
    });
    expect(offline).toEqual([ada.id]);
    // Said as a change, not as the whole list again.
    expect(adaSocket.frames.filter((f) => f.type === 'presence.changed').at(-1)).toEqual({
      type: 'presence.changed',
      room_id: room.id,
      came_online: [],
      went_offline: [grace.id],
    });
  });

  it('answers bad frames with typed errors and stays usable; oversize frames close with 1009', async () => {
    const ada = await createMember(app);
    const socket = await connect(ada);
    socket.ws.send('not json');
    await socket.waitFor('error', (f) => f.code === 'bad_frame');
    socket.send({ type: 'launch.rockets' });
    await socket.waitFor('error', (f) => f.code === 'unknown_type' && f.ref_type === 'launch.rockets');
    socket.send({ type: 'room.subscribe', room_id: 42 });
    await socket.waitFor('error', (f) => f.code === 'bad_frame' && f.ref_type === 'room.subscribe');
    socket.ws.send(Buffer.from([1, 2, 3]));
    await socket.waitFor('error', (f) => f.message === 'Frames must be JSON text');
    await settle(socket);

    socket.ws.send(JSON.stringify({ type: 'ping', ref: 'x'.repeat(17 * 1024) }));
    expect(await socket.closed).toBe(CLOSE_CODES.tooBig);
  });

  it('closes the sockets of a session that signed out with 4001', async () => {
    const ada = await createMember(app);
    const socket = await connect(ada);
    const other = await connect(await createMember(app));
    const token = ada.cookie.slice(ada.cookie.indexOf('=') + 1);
    await app.services.sessions.destroy(hashToken(token));
    await publishOn(app.ctx.bus, busChannels.sessions, { type: 'session.ended', session_id: hashToken(token) });
    expect(await socket.closed).toBe(CLOSE_CODES.sessionEnded);
    await settle(other);
  });

  it('a client that reconnects with after_seq ends with the same transcript as one that stayed', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join('flutter/flutter');
    await grace.join('flutter/flutter');
    const stayer = await connect(ada);
    await subscribed(stayer, room.id, 0);
    let leaver = await connect(grace);
    await subscribed(leaver, room.id, 0);
    await ada.send(room.id, 'before the drop');
    await waitForEvents(leaver, room.id, 3);
    const beforeDrop = leaver.events(room.id);
    leaver.ws.terminate();
    await leaver.closed;

    // 50 changes while grace is away (sends by a third member keep the send limit out of the way).
    const others = await Promise.all(Array.from({ length: 5 }, () => createMember(app)));
    for (const other of others) await other.join('flutter/flutter');
    for (let i = 0; i < 45; i += 1) await others[i % 5]!.send(room.id, `while away ${i}`);

    leaver = await connect(grace);
    const lastApplied = beforeDrop[beforeDrop.length - 1]!.seq;
    await subscribed(leaver, room.id, lastApplied);
    await grace.send(room.id, 'back again');
    const expected = 3 + 50 + 1;
    const stayed = await waitForEvents(stayer, room.id, expected);
    const resumed = [...beforeDrop, ...(await waitForEvents(leaver, room.id, expected - beforeDrop.length))];
    expect(seqs(stayed)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    expect(resumed).toEqual(stayed);
  });

  it('fills gaps from the log when the bus drops, repeats or reorders events', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join('golang/go');
    await grace.join('golang/go');
    const socket = await connect(ada);
    await subscribed(socket, room.id, 0);
    await waitForEvents(socket, room.id, 2);

    // A change committed but never published (a lost bus message)...
    const silent = createRoomChanges({
      ...app.ctx,
      db: app.ctx.database.db,
      bus: { ...app.ctx.bus, publish: async () => undefined },
    });
    await silent.commit(room.id, async () => ({
      result: undefined,
      events: [{ type: 'message.deleted', message_id: '00000000-0000-4000-8000-00000000dead' }],
    }));
    // ...then stale duplicates from the bus, then the next real event reveals the gap.
    const stale = (await waitForEvents(socket, room.id, 2))[1]!;
    await publishOn(app.ctx.bus, busChannels.room(room.id), {
      kind: 'event',
      seq: 2,
      type: stale.event.type,
      json: JSON.stringify(stale.event),
    });
    await grace.send(room.id, 'after the gap');
    const events = await waitForEvents(socket, room.id, 4);
    expect(seqs(events)).toEqual([1, 2, 3, 4]);
    expect(events[2]!.event.type).toBe('message.deleted');
    await settle(socket);
    expect(seqs(socket.events(room.id))).toEqual([1, 2, 3, 4]);

    // A replay request never repeats what this socket was already sent...
    socket.send({ type: 'room.replay', room_id: room.id, after_seq: 1 });
    await settle(socket);
    expect(seqs(socket.events(room.id))).toEqual([1, 2, 3, 4]);
    // ...while subscribing again with after_seq starts over from that point.
    await subscribed(socket, room.id, 1);
    await waitForEvents(socket, room.id, 7);
    expect(seqs(socket.events(room.id))).toEqual([1, 2, 3, 4, 2, 3, 4]);
  });

  it('answers room.resync when the gap is larger than a replay', async () => {
    const ada = await createMember(app);
    const { room } = await ada.join('nodejs/node');
    const db = app.ctx.database.db;
    const now = new Date().toISOString();
    const total = MAX_REPLAY_EVENTS + 10;
    const rows = Array.from({ length: total - 1 }, (_, i) => ({
      room_id: room.id,
      seq: i + 2,
      type: 'message.deleted',
      payload: encodeFact({ type: 'message.deleted', message_id: randomUUID() }),
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('room_events')
        .values(rows.slice(i, i + 200))
        .execute();
    await db.updateTable('chat_rooms').set({ last_seq: total }).where('id', '=', room.id).execute();

    const socket = await connect(ada);
    await subscribed(socket, room.id, 1);
    expect(await socket.waitFor('room.resync')).toEqual({ type: 'room.resync', room_id: room.id, last_seq: total });
    await settle(socket);
    expect(socket.events(room.id)).toHaveLength(0);
    // After refetching, the client subscribes again from a point within reach.
    await subscribed(socket, room.id, total - 3);
    expect(seqs(await waitForEvents(socket, room.id, 3))).toEqual([total - 2, total - 1, total]);
  });

  it('stops delivering a room to a member who left it', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join('d3/d3');
    await grace.join('d3/d3');
    const socket = await connect(grace);
    await subscribed(socket, room.id);
    await grace.api.post(`/api/rooms/${room.id}/leave`, {}, { cookie: grace.cookie });
    const left = await socket.waitFor('room.event', (f) => f.event.type === 'member.left');
    expect(left.event).toEqual({ type: 'member.left', user_id: grace.id });
    await ada.send(room.id, 'are you still there?');
    await settle(socket);
    expect(socket.events(room.id).map((e) => e.event.type)).toEqual(['member.left']);
  });
});
