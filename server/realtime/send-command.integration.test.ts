import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageResponse } from '../../shared/api/rooms';
import type { ServerFrame } from '../../shared/realtime/protocol';
import { MESSAGE_ERRORS } from '../../shared/validation/message';
import { describeEachDatabase } from '../testing/databases';
import { createMember, makeModerator, messageOf, roomWith, testClock, type TestMember } from '../testing/room-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openTestSocket, waitForEvents, type TestSocket } from '../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';
type Answer = Extract<ServerFrame, { type: 'message.sent' | 'message.held' | 'error' }>;

describeEachDatabase('message.send over the socket', (engine) => {
  let app: TestApp;
  let url: string;
  const clock = testClock();
  const sockets: TestSocket[] = [];
  let sent = 0;

  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
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

  /** Sends over the socket and waits for the answer that carries the same client id. */
  async function send(socket: TestSocket, roomId: string, content: string, clientId = `ws-${++sent}`, extra = {}) {
    const earlier = new Set<ServerFrame>(socket.frames);
    socket.send({ type: 'message.send', room_id: roomId, client_id: clientId, content, ...extra });
    const answers = ['message.sent', 'message.held', 'error'] as const;
    return Promise.race(
      answers.map((type) =>
        socket.waitFor(type, (frame) => !earlier.has(frame) && 'client_id' in frame && frame.client_id === clientId),
      ),
    ) as Promise<Answer>;
  }

  /** The socket's refusal carries the HTTP route's status and message for the same send. */
  async function expectSameRefusal(member: TestMember, socket: TestSocket, roomId: string, content: string) {
    const answer = await send(socket, roomId, content);
    const http = await member.send(roomId, content);
    if (answer.type !== 'error') throw new Error(`not refused: ${JSON.stringify(answer)}`);
    expect(http.statusCode).toBeGreaterThanOrEqual(400);
    expect({ status: answer.status, message: answer.message }).toEqual({
      status: http.statusCode,
      message: http.json<{ error: { message: string } }>().error.message,
    });
    expect(answer.ref_type).toBe('message.send');
    return answer;
  }

  const messageCount = async (roomId: string) =>
    (await app.ctx.database.db.selectFrom('messages').where('room_id', '=', roomId).select('id').execute()).length;

  it('stores the message, acknowledges it with its id and sequence, and delivers it to the other members', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const graceSocket = await connect(grace);
    graceSocket.send({ type: 'room.subscribe', room_id: roomId });
    const { last_seq: lastSeq } = await graceSocket.waitFor('room.subscribed', (f) => f.room_id === roomId);
    const adaSocket = await connect(ada);

    const answer = await send(adaSocket, roomId, '  hello over the socket  ', 'first-send');
    expect(answer).toMatchObject({ type: 'message.sent', client_id: 'first-send', room_id: roomId, created: true });
    if (answer.type !== 'message.sent') return;
    expect(answer.seq).toBe(lastSeq + 1);
    expect(answer.message_id).toBe(answer.message.id);
    expect(answer.message).toMatchObject({ user_id: ada.id, content: 'hello over the socket' });
    const [event] = await waitForEvents(graceSocket, roomId, 1);
    expect(event).toMatchObject({ seq: answer.seq, event: { type: 'message.created', message: answer.message } });
    // The same message as HTTP pages show it.
    const page = await grace.api.get(`/api/rooms/${roomId}/messages`, { cookie: grace.cookie });
    expect(page.json<{ messages: MessageResponse['message'][] }>().messages.at(-1)).toEqual(answer.message);
  });

  it('answers a retry with the same client id with the original, over the socket or HTTP, storing one message', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const socket = await connect(ada);
    const first = await send(socket, roomId, 'only once', 'retry-ws');
    const again = await send(socket, roomId, 'only once (retried)', 'retry-ws');
    expect(first.type).toBe('message.sent');
    expect(again.type).toBe('message.sent');
    if (first.type !== 'message.sent' || again.type !== 'message.sent') return;
    expect(again).toEqual({ ...first, created: false });
    const overHttp = await ada.send(roomId, 'only once (over HTTP)', 'retry-ws');
    expect(overHttp.statusCode).toBe(200);
    expect(messageOf(overHttp)).toEqual(first.message);
    // Sent over HTTP first, retried over the socket.
    const posted = messageOf(await ada.send(roomId, 'posted', 'retry-http'));
    const retried = await send(socket, roomId, 'posted again', 'retry-http');
    expect(retried).toMatchObject({ type: 'message.sent', created: false, message_id: posted.id, seq: first.seq + 1 });
    expect(await messageCount(roomId)).toBe(2);
  });

  it('refuses non-members, muted members, slow mode, the send limit and invalid text as HTTP does', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const outsider = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    const outsiderSocket = await connect(outsider);
    const memberSocket = await connect(member);
    const as = { cookie: maintainer.cookie };

    const notMember = await expectSameRefusal(outsider, outsiderSocket, roomId, 'let me in');
    expect(notMember).toMatchObject({ code: 'forbidden', status: 403, message: 'You are not a member of this room' });

    for (const [content, message] of [
      ['   \n\t ', MESSAGE_ERRORS.empty],
      ['abcdefghij'.repeat(100) + 'k', MESSAGE_ERRORS.tooLong],
      ['soooooooooo good', MESSAGE_ERRORS.repeated],
    ] as const) {
      const refused = await expectSameRefusal(member, memberSocket, roomId, content);
      expect(refused).toMatchObject({ code: 'validation_failed', status: 400, message });
    }
    // A body the schema refuses is worded as the HTTP route words it.
    memberSocket.send({ type: 'message.send', room_id: roomId, client_id: 'no-text' });
    const noText = await memberSocket.waitFor('error', (f) => f.client_id === 'no-text');
    const httpNoText = await member.api.post(`/api/rooms/${roomId}/messages`, { client_id: 'no-text' }, as);
    expect(noText).toMatchObject({
      status: 400,
      message: httpNoText.json<{ error: { message: string } }>().error.message,
    });

    expect((await maintainer.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 30 }, as)).statusCode).toBe(200);
    expect((await send(memberSocket, roomId, 'first in slow mode')).type).toBe('message.sent');
    clock.advance(10_000);
    const slow = await expectSameRefusal(member, memberSocket, roomId, 'too soon');
    expect(slow).toMatchObject({ code: 'rate_limited', status: 429, retry_after_seconds: 20 });
    expect(slow.message).toBe('Slow mode is on: please wait 20 seconds before sending another message');
    expect((await maintainer.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 0 }, as)).statusCode).toBe(200);

    const mute = await maintainer.api.post(`/api/rooms/${roomId}/mutes`, { user_id: member.id, duration: '10m' }, as);
    expect(mute.statusCode).toBe(200);
    const muted = await expectSameRefusal(member, memberSocket, roomId, 'am I muted?');
    expect(muted).toMatchObject({ code: 'forbidden', status: 403, reason: 'muted' });
    expect((await maintainer.api.delete(`/api/rooms/${roomId}/mutes/${member.id}`, {}, as)).statusCode).toBe(204);

    // The send limit is the HTTP route's budget: sends over both count against it.
    clock.advance(120_000);
    for (let i = 0; i < 5; i += 1) expect((await send(memberSocket, roomId, `burst ${i}`)).type).toBe('message.sent');
    for (let i = 5; i < 10; i += 1) expect((await member.send(roomId, `burst ${i}`)).statusCode).toBe(201);
    const limited = await expectSameRefusal(member, memberSocket, roomId, 'one too many');
    expect(limited).toMatchObject({ code: 'rate_limited', status: 429, retry_after_seconds: 60 });
    expect(limited.message).toBe('Please wait 60 seconds before sending another message');
    expect(await messageCount(roomId)).toBe(11);
  });

  it("answers a message the room's protection holds with the held message, as HTTP answers 202", async () => {
    const moderator = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(moderator, member);
    await makeModerator(app, roomId, moderator.id, clock.now());
    const settings = { new_account_days: 0, first_messages_held: 1, newcomer_links: 'allowed', locked: false };
    const set = await moderator.api.put(`/api/rooms/${roomId}/protection`, settings, { cookie: moderator.cookie });
    expect(set.statusCode, set.body).toBe(200);
    const socket = await connect(member);
    const held = await send(socket, roomId, 'a first message', 'held-ws');
    expect(held).toMatchObject({
      type: 'message.held',
      client_id: 'held-ws',
      room_id: roomId,
      held: { client_id: 'held-ws', content: 'a first message', status: 'pending', reason: 'first_messages' },
    });
    const again = await member.send(roomId, 'a first message', 'held-ws');
    expect(again.statusCode).toBe(202);
    expect(await messageCount(roomId)).toBe(0);
  });

  it('cannot be sent by anyone not signed in: the socket itself is refused, and a signed-out one is closed', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    await expect(openTestSocket(url, { origin: ORIGIN })).rejects.toMatchObject({ status: 401 });
    const socket = await connect(ada);
    expect((await ada.api.post('/api/auth/sign-out', {}, { cookie: ada.cookie })).statusCode).toBeLessThan(300);
    expect(await socket.closed).toBe(4001);
    await expect(openTestSocket(url, { cookie: ada.cookie, origin: ORIGIN })).rejects.toMatchObject({ status: 401 });
    expect(await messageCount(roomId)).toBe(0);
  });
});
