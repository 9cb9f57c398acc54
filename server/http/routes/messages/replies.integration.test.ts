import { afterAll, beforeAll, expect, it } from 'vitest';
import type { UnreadSummaryResponse } from '../../../../shared/api/read-state';
import { REPLY_NOT_IN_ROOM, REPLY_TO_DELETED, type MessagesPageResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  createMember,
  makeModerator,
  messageOf,
  roomWith,
  testClock,
  type TestMember,
} from '../../../testing/room-test-kit';
import { openTestSocket, waitForEvents, type TestSocket } from '../../../testing/ws-test-client';
import { replayedLog } from '../../../testing/room-log';

const ORIGIN = 'http://localhost:3000';

describeEachDatabase('replies', (engine) => {
  let app: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const clock = testClock();
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

  let sent = 0;
  const reply = async (member: TestMember, roomId: string, content: string, replyToId: unknown) => {
    sent += 1;
    clock.advance(1000);
    const response = await member.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `reply-${sent}`, content, reply_to_id: replyToId },
      { cookie: member.cookie },
    );
    // Mentions are recorded in the batch after the commit.
    await app.services.postCommit.flush();
    return response;
  };
  const say = async (member: TestMember, roomId: string, content: string) => {
    clock.advance(1000);
    return messageOf(await member.send(roomId, content));
  };
  const history = async (member: TestMember, roomId: string) =>
    (await member.api.get(`/api/rooms/${roomId}/messages`, { cookie: member.cookie })).json<MessagesPageResponse>()
      .messages;
  /** What the log stores and what a replay of it presents. */
  const loggedPayloads = async (roomId: string) => [
    ...(
      await app.ctx.database.db
        .selectFrom('room_events')
        .select('payload')
        .where('room_id', '=', roomId)
        .orderBy('seq')
        .execute()
    ).map((row) => row.payload),
    ...(await replayedLog(app.ctx.database.db, roomId)).map(({ event }) => JSON.stringify(event)),
  ];
  const mentionCount = async (member: TestMember, roomId: string) =>
    (await member.api.get('/api/me/unread', { cookie: member.cookie }))
      .json<UnreadSummaryResponse>()
      .rooms.find((room) => room.room_id === roomId)?.mention_count;

  it('stores a reply and shows the quote (author and first line) in the answer, history and log', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const original = await say(ada, roomId, 'How do I build this?\nI tried npm run build.');
    const response = await reply(bob, roomId, 'Use the Makefile', original.id);
    expect(response.statusCode).toBe(201);
    const message = messageOf(response);
    const quote = {
      message_id: original.id,
      user_id: ada.id,
      author: { id: ada.id, username: ada.username },
      excerpt: 'How do I build this?',
      deleted: false,
    };
    expect(message.reply_to).toMatchObject(quote);
    const row = await app.ctx.database.db
      .selectFrom('messages')
      .select('reply_to_id')
      .where('id', '=', message.id)
      .executeTakeFirst();
    expect(row?.reply_to_id).toBe(original.id);
    const page = await history(ada, roomId);
    expect(page.find((m) => m.id === message.id)?.reply_to).toMatchObject(quote);
    expect(page.find((m) => m.id === original.id)?.reply_to).toBeUndefined();
    // Around the reply too (the room opened at it).
    const around = (
      await ada.api.get(`/api/rooms/${roomId}/messages?around=${message.id}`, { cookie: ada.cookie })
    ).json<MessagesPageResponse>();
    expect(around.messages.find((m) => m.id === message.id)?.reply_to).toMatchObject(quote);
    const created = (await replayedLog(app.ctx.database.db, roomId)).flatMap(({ event }) =>
      event.type === 'message.created' ? [event.message] : [],
    );
    expect(created.find((m) => m.id === message.id)?.reply_to).toMatchObject(quote);
    // A retried send answers the original reply.
    const retry = await bob.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `reply-${sent}`, content: 'Use the Makefile', reply_to_id: original.id },
      { cookie: bob.cookie },
    );
    expect(retry.statusCode).toBe(200);
    expect(messageOf(retry).reply_to).toMatchObject(quote);
  });

  it('refuses a reply to a message of another room, an unknown or a deleted one, writing nothing', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const elsewhere = await roomWith(ada);
    const foreign = await say(ada, elsewhere, 'in another room');
    const gone = await say(ada, roomId, 'soon deleted');
    await ada.api.delete(`/api/messages/${gone.id}`, {}, { cookie: ada.cookie });
    const before = (await history(ada, roomId)).length;

    for (const [target, error] of [
      [foreign.id, REPLY_NOT_IN_ROOM],
      ['00000000-0000-4000-8000-000000000000', REPLY_NOT_IN_ROOM],
      ['not-a-message', REPLY_NOT_IN_ROOM],
      [gone.id, REPLY_TO_DELETED],
    ] as const) {
      const response = await reply(bob, roomId, 'answer', target);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(error);
    }
    const invalid = await reply(bob, roomId, 'answer', 42);
    expect(invalid.statusCode).toBe(400);
    const tooLong = await reply(bob, roomId, 'answer', 'x'.repeat(101));
    expect(tooLong.statusCode).toBe(400);
    expect((await history(ada, roomId)).length).toBe(before);
  });

  it('quotes the original as it is now: edited text, or "deleted" with no text left in history or log', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const mod = await createMember(app);
    const roomId = await roomWith(ada, bob, mod);
    await makeModerator(app, roomId, mod.id, clock.now());
    const original = await say(ada, roomId, 'first version');
    const answer = messageOf(await reply(bob, roomId, 'agreed', original.id));
    await ada.api.patch(`/api/messages/${original.id}`, { content: 'second version' }, { cookie: ada.cookie });
    expect((await history(bob, roomId)).find((m) => m.id === answer.id)?.reply_to?.excerpt).toBe('second version');
    expect((await loggedPayloads(roomId)).join('\n')).not.toContain('first version');

    await ada.api.delete(`/api/messages/${original.id}`, {}, { cookie: ada.cookie });
    const quote = (await history(bob, roomId)).find((m) => m.id === answer.id)?.reply_to;
    expect(quote).toMatchObject({ message_id: original.id, excerpt: '', deleted: true });
    expect((await loggedPayloads(roomId)).join('\n')).not.toContain('second version');

    const removed = await say(bob, roomId, 'spam spam');
    const answer2 = messageOf(await reply(ada, roomId, 'please stop', removed.id));
    const removal = await mod.api.post(`/api/messages/${removed.id}/remove`, {}, { cookie: mod.cookie });
    expect(removal.statusCode).toBe(204);
    expect((await history(ada, roomId)).find((m) => m.id === answer2.id)?.reply_to).toMatchObject({
      deleted: true,
      excerpt: '',
    });
    expect((await loggedPayloads(roomId)).join('\n')).not.toContain('spam spam');
    // A deleted reply shows no quote at all.
    await ada.api.delete(`/api/messages/${answer2.id}`, {}, { cookie: ada.cookie });
    expect((await history(ada, roomId)).find((m) => m.id === answer2.id)?.reply_to).toBeUndefined();
  });

  it('a reply to me counts as a mention (once), a reply to myself does not', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const original = await say(ada, roomId, 'question');
    await reply(bob, roomId, `@${ada.username} here is the answer`, original.id);
    expect(await mentionCount(ada, roomId)).toBe(1);
    await reply(ada, roomId, 'thanks', original.id);
    expect(await mentionCount(ada, roomId)).toBe(0);
    const mine = await say(bob, roomId, 'my own');
    await reply(bob, roomId, 'adding to my own', mine.id);
    expect(await mentionCount(bob, roomId)).toBe(0);
  });

  it('carries the quote in live events, in replays after a reconnect, and as it is now after a delete', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const socket = await openTestSocket(url, { cookie: ada.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    socket.send({ type: 'room.subscribe', room_id: roomId });
    const ack = await socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
    const original = await say(ada, roomId, 'original words');
    const answer = messageOf(await reply(bob, roomId, 'the reply', original.id));
    const live = await waitForEvents(socket, roomId, 2);
    const liveReply = live.map((f) => f.event).find((e) => e.type === 'message.created' && e.message.id === answer.id);
    expect(liveReply?.type === 'message.created' && liveReply.message.reply_to).toMatchObject({
      message_id: original.id,
      excerpt: 'original words',
    });
    // Room activity (to every member's sockets) names the reply's author and excerpt, and tells
    // the original's author that it reaches them as a mention.
    const activity = await socket.waitFor('room.activity', (f) => f.message_id === answer.id);
    expect(activity).toMatchObject({ kind: 'created', mentions_you: true, excerpt: 'the reply' });
    expect(activity.author_name).toBeTruthy();

    await ada.api.delete(`/api/messages/${original.id}`, {}, { cookie: ada.cookie });
    const again = await openTestSocket(url, { cookie: bob.cookie, origin: ORIGIN });
    sockets.push(again);
    await again.waitFor('hello');
    again.send({ type: 'room.subscribe', room_id: roomId, after_seq: ack.last_seq });
    await again.waitFor('room.subscribed', (f) => f.room_id === roomId);
    const replayed = await waitForEvents(again, roomId, 3);
    const replayedReply = replayed
      .map((f) => f.event)
      .find((e) => e.type === 'message.created' && e.message.id === answer.id);
    expect(replayedReply?.type === 'message.created' && replayedReply.message.reply_to).toMatchObject({
      message_id: original.id,
      excerpt: '',
      deleted: true,
    });
    expect(JSON.stringify(replayed)).not.toContain('original words');
  });
});
