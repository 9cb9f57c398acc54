import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BANNED_MESSAGE, type MessageResponse } from '../../shared/api/rooms';
import type { DatabaseHandle } from '../db/database';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openTestSocket, type TestSocket } from '../testing/ws-test-client';
import { createMember, makeModerator, messageOf, roomWith, testClock, type TestMember } from '../testing/room-test-kit';

/**
 * A banned member makes no write of any kind to the room (send, edit or delete their old messages,
 * react, pin, report, move their read position, set notifications, type) and reads nothing of it
 * (history, a permalink's context, pins, members, search in the room): each answers 403 with the
 * ban's words and changes nothing. A muted member's typing reaches nobody.
 */
const ORIGIN = 'http://localhost:3000';

/** Every row requests could change in the room's tables, as one comparable string. */
async function snapshot(database: DatabaseHandle, roomId: string): Promise<string> {
  const db = database.db;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('messages').selectAll().where('room_id', '=', roomId).orderBy('id').execute(),
      db.selectFrom('message_reactions').selectAll().where('room_id', '=', roomId).orderBy('id').execute(),
      db.selectFrom('room_events').selectAll().where('room_id', '=', roomId).orderBy('seq').execute(),
      db.selectFrom('chat_members').selectAll().where('room_id', '=', roomId).orderBy('id').execute(),
      db.selectFrom('pinned_messages').selectAll().where('room_id', '=', roomId).orderBy('message_id').execute(),
      db.selectFrom('message_reports').selectAll().where('room_id', '=', roomId).orderBy('id').execute(),
      db.selectFrom('message_mentions').selectAll().where('room_id', '=', roomId).orderBy('message_id').execute(),
    ]),
  );
}

describeEachDatabase('a banned member, and a muted member typing', (engine) => {
  let app: TestApp;
  let wsUrl: string;
  const sockets: TestSocket[] = [];
  const clock = testClock(Date.now());

  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.destroy();
  });

  async function socketOf(member: TestMember) {
    const socket = await openTestSocket(wsUrl, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    return socket;
  }

  async function subscribed(member: TestMember, roomId: string) {
    const socket = await socketOf(member);
    socket.send({ type: 'room.subscribe', room_id: roomId });
    await socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
    return socket;
  }

  /** Resolves once every command the socket sent before has been handled. */
  async function settled(socket: TestSocket) {
    const ref = randomUUID();
    socket.send({ type: 'ping', ref });
    await socket.waitFor('pong', (f) => f.ref === ref);
  }

  function expectBanned(response: LightMyRequestResponse, what: string) {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
    expect(response.json<{ error: { message: string } }>().error.message, what).toBe(BANNED_MESSAGE);
  }

  it('writes nothing and reads nothing of the room once banned, over HTTP and the socket', async () => {
    const moderator = await createMember(app);
    const banned = await createMember(app);
    const bystander = await createMember(app);
    const roomId = await roomWith(moderator, banned, bystander);
    await makeModerator(app, roomId, moderator.id, clock.now());
    const own = messageOf(await banned.send(roomId, 'written before the ban'));
    const other = messageOf(await bystander.send(roomId, `hello @${banned.username}`));
    expect(
      (await moderator.api.post(`/api/messages/${other.id}/pin`, {}, { cookie: moderator.cookie })).statusCode,
    ).toBe(204);
    const ban = await moderator.api.post(
      `/api/rooms/${roomId}/bans`,
      { user_id: banned.id },
      { cookie: moderator.cookie },
    );
    expect(ban.statusCode).toBe(204);

    const before = await snapshot(app.ctx.database, roomId);
    const { api, cookie } = banned;
    const writes: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      ['send', () => banned.send(roomId, 'still here?')],
      ['edit own', () => api.patch(`/api/messages/${own.id}`, { content: 'EDITED WHILE BANNED' }, { cookie })],
      ['delete own', () => api.delete(`/api/messages/${own.id}`, {}, { cookie })],
      ['react', () => api.post(`/api/messages/${other.id}/reactions`, { emoji: '👍' }, { cookie })],
      ['report', () => api.post(`/api/messages/${other.id}/reports`, { reason: 'spam' }, { cookie })],
      ['pin', () => api.post(`/api/messages/${own.id}/pin`, {}, { cookie })],
      ['unpin', () => api.delete(`/api/messages/${other.id}/pin`, {}, { cookie })],
      ['remove', () => api.post(`/api/messages/${other.id}/remove`, {}, { cookie })],
      ['read position', () => api.put(`/api/rooms/${roomId}/read`, { message_id: other.id }, { cookie })],
      ['notifications', () => api.put(`/api/rooms/${roomId}/notifications`, { level: 'mute' }, { cookie })],
    ];
    for (const [what, write] of writes) expectBanned(await write(), what);
    expect(await snapshot(app.ctx.database, roomId)).toBe(before);

    const reads: Array<[string, string]> = [
      ['history', `/api/rooms/${roomId}/messages`],
      ['a permalink', `/api/rooms/${roomId}/messages?around=${own.id}`],
      ['older history', `/api/rooms/${roomId}/messages?around=${other.id}&limit=3`],
      ['pins', `/api/rooms/${roomId}/pins`],
      ['members', `/api/rooms/${roomId}/members`],
      ['search in the room', `/api/search/messages?q=hello&room_id=${roomId}`],
    ];
    for (const [what, url] of reads) expectBanned(await api.get(url, { cookie }), what);
    // Searching every room of theirs finds nothing of this one.
    const everywhere = await api.get('/api/search/messages?q=hello', { cookie });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.body).not.toContain(roomId);

    // The socket: subscribing (and so replaying the log) is refused with the same words.
    const socket = await socketOf(banned);
    socket.send({ type: 'room.subscribe', room_id: roomId, after_seq: 0 });
    const refused = await socket.waitFor('error', (f) => f.ref_type === 'room.subscribe');
    expect(refused.message).toBe(BANNED_MESSAGE);
    expect(socket.events(roomId)).toEqual([]);
  });

  it('a member banned with a socket open stops reaching the room through it', async () => {
    const moderator = await createMember(app);
    const banned = await createMember(app);
    const bystander = await createMember(app);
    const roomId = await roomWith(moderator, banned, bystander);
    await makeModerator(app, roomId, moderator.id, clock.now());
    const watching = await subscribed(bystander, roomId);
    const socket = await subscribed(banned, roomId);
    expect(
      (await moderator.api.post(`/api/rooms/${roomId}/bans`, { user_id: banned.id }, { cookie: moderator.cookie }))
        .statusCode,
    ).toBe(204);

    socket.send({ type: 'typing', room_id: roomId });
    socket.send({ type: 'room.replay', room_id: roomId, after_seq: 0 });
    await settled(socket);
    // A signal sent after the banned one reaches the bystander; the banned one never did.
    const speaker = await subscribed(moderator, roomId);
    speaker.send({ type: 'typing', room_id: roomId });
    await watching.waitFor('typing', (f) => f.user_id === moderator.id);
    expect(watching.frames.filter((f) => f.type === 'typing' && f.user_id === banned.id)).toEqual([]);
    // The replay asked for after the ban resent nothing: every event arrived once.
    const seqs = socket.events(roomId).map((f) => f.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    // Refused in the ban's words, or because the ban already ended the socket's subscription.
    const refusals = socket.frames.filter((f) => f.type === 'error');
    for (const refusal of refusals) {
      expect([BANNED_MESSAGE, 'Subscribe to the room first']).toContain(refusal.type === 'error' && refusal.message);
    }
  });

  it("a muted member's typing is not relayed", async () => {
    const moderator = await createMember(app);
    const muted = await createMember(app);
    const bystander = await createMember(app);
    const roomId = await roomWith(moderator, muted, bystander);
    await makeModerator(app, roomId, moderator.id, clock.now());
    const watching = await subscribed(bystander, roomId);
    const socket = await subscribed(muted, roomId);
    const mute = await moderator.api.post(
      `/api/rooms/${roomId}/mutes`,
      { user_id: muted.id, duration: '10m' },
      { cookie: moderator.cookie },
    );
    expect(mute.statusCode).toBe(200);

    socket.send({ type: 'typing', room_id: roomId });
    await settled(socket);
    const speaker = await subscribed(moderator, roomId);
    speaker.send({ type: 'typing', room_id: roomId });
    await watching.waitFor('typing', (f) => f.user_id === moderator.id);
    expect(watching.frames.filter((f) => f.type === 'typing' && f.user_id === muted.id)).toEqual([]);
    // Still a member: what they read is unchanged.
    const history = await muted.api.get(`/api/rooms/${roomId}/messages`, { cookie: muted.cookie });
    expect(history.statusCode).toBe(200);
  });

  it('after an unban and a new join, the person writes and reads again', async () => {
    const moderator = await createMember(app);
    const person = await createMember(app);
    const roomId = await roomWith(moderator, person);
    await makeModerator(app, roomId, moderator.id, clock.now());
    const own = messageOf(await person.send(roomId, 'first words'));
    const cookie = moderator.cookie;
    expect((await moderator.api.post(`/api/rooms/${roomId}/bans`, { user_id: person.id }, { cookie })).statusCode).toBe(
      204,
    );
    expect((await moderator.api.delete(`/api/rooms/${roomId}/bans/${person.id}`, {}, { cookie })).statusCode).toBe(204);
    expect((await person.api.post(`/api/rooms/${roomId}/join`, {}, { cookie: person.cookie })).statusCode).toBe(200);
    const edited = await person.api.patch(
      `/api/messages/${own.id}`,
      { content: 'words again' },
      { cookie: person.cookie },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<MessageResponse>().message.content).toBe('words again');
    expect((await person.api.get(`/api/rooms/${roomId}/pins`, { cookie: person.cookie })).statusCode).toBe(200);
  });
});
