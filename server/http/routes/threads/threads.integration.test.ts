import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ModerationLogResponse } from '../../../../shared/api/moderation-tools';
import type { UnreadSummaryResponse } from '../../../../shared/api/read-state';
import type { MessagesPageResponse } from '../../../../shared/api/rooms';
import type { SearchMessagesResponse } from '../../../../shared/api/search';
import {
  THREAD_ERRORS,
  type AnswerResponse,
  type FollowedThreadsResponse,
  type QuestionsResponse,
  type ThreadResponse,
} from '../../../../shared/api/threads';
import { describeEachDatabase } from '../../../testing/databases';
import { replayedLog } from '../../../testing/room-log';
import {
  createMember,
  makeModerator,
  messageOf,
  roomWith,
  testClock,
  type TestMember,
} from '../../../testing/room-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { openTestSocket, waitForEvents, type TestSocket } from '../../../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';

describeEachDatabase('threads and answers', (engine) => {
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
  const say = async (member: TestMember, roomId: string, content: string) => {
    clock.advance(1000);
    return messageOf(await member.send(roomId, content));
  };
  const replyIn = (member: TestMember, roomId: string, rootId: string, content: string, alsoToRoom = false) => {
    sent += 1;
    clock.advance(1000);
    return member.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `thread-${sent}`, content, thread_root_id: rootId, also_send_to_room: alsoToRoom },
      { cookie: member.cookie },
    );
  };
  const threadOf = async (member: TestMember, messageId: string) =>
    (await member.api.get(`/api/messages/${messageId}/thread`, { cookie: member.cookie })).json<ThreadResponse>();
  const history = async (member: TestMember, roomId: string) =>
    (await member.api.get(`/api/rooms/${roomId}/messages`, { cookie: member.cookie })).json<MessagesPageResponse>()
      .messages;
  const questions = async (member: TestMember, roomId: string, filter: string) =>
    (
      await member.api.get(`/api/rooms/${roomId}/questions?filter=${filter}`, { cookie: member.cookie })
    ).json<QuestionsResponse>();
  const followed = async (member: TestMember) =>
    (await member.api.get('/api/me/threads', { cookie: member.cookie })).json<FollowedThreadsResponse>();
  const unread = async (member: TestMember, roomId: string) =>
    (await member.api.get('/api/me/unread', { cookie: member.cookie }))
      .json<UnreadSummaryResponse>()
      .rooms.find((room) => room.room_id === roomId)?.unread_count;
  const mark = (member: TestMember, replyId: string) =>
    member.api.put(`/api/messages/${replyId}/answer`, {}, { cookie: member.cookie });
  const unmark = (member: TestMember, replyId: string) =>
    member.api.delete(`/api/messages/${replyId}/answer`, {}, { cookie: member.cookie });

  it('keeps thread replies in the thread, counts them on the root and shows "Also send to room" replies in the room', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, bob, grace);
    const root = await say(ada, roomId, 'How do I build this?');
    const first = await replyIn(bob, roomId, root.id, 'Use the Makefile');
    expect(first.statusCode).toBe(201);
    expect(messageOf(first)).toMatchObject({ thread_root_id: root.id, also_in_room: false });
    const second = messageOf(await replyIn(grace, roomId, root.id, 'Or npm run build', true));
    expect(second).toMatchObject({ thread_root_id: root.id, also_in_room: true });

    const room = await history(ada, roomId);
    // The thread-only reply stays out of the room; the one sent to the room too is there.
    expect(room.map((m) => m.id)).toEqual([root.id, second.id]);
    expect(room[0]?.thread).toMatchObject({
      reply_count: 2,
      last_reply_at: second.created_at,
      repliers: [{ id: grace.id }, { id: bob.id }],
      answer: null,
    });

    const thread = await threadOf(ada, root.id);
    expect(thread.root.id).toBe(root.id);
    expect(thread.replies.map((m) => m.content)).toEqual(['Use the Makefile', 'Or npm run build']);
    // Opening a reply's link opens its thread.
    expect((await threadOf(ada, second.id)).root.id).toBe(root.id);
  });

  it('reads a long thread a page at a time: the newest, older and newer pages, around a linked reply', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const root = await say(ada, roomId, 'A long discussion');
    const replies = [];
    for (let n = 0; n < 7; n += 1) replies.push(messageOf(await replyIn(ada, roomId, root.id, `reply ${n}`)));
    const page = async (query: string) => {
      const response = await ada.api.get(`/api/messages/${root.id}/thread?${query}`, { cookie: ada.cookie });
      expect(response.statusCode).toBe(200);
      return response.json<ThreadResponse>();
    };
    const texts = (thread: ThreadResponse) => thread.replies.map((m) => m.content);

    const newest = await page('limit=3');
    expect(texts(newest)).toEqual(['reply 4', 'reply 5', 'reply 6']);
    expect(newest.newer_cursor).toBeNull();
    expect(newest.root.thread?.reply_count).toBe(7);
    const older = await page(`limit=3&before=${newest.older_cursor}`);
    expect(texts(older)).toEqual(['reply 1', 'reply 2', 'reply 3']);
    const oldest = await page(`limit=3&before=${older.older_cursor}`);
    expect(texts(oldest)).toEqual(['reply 0']);
    expect(oldest.older_cursor).toBeNull();

    const around = await page(`limit=4&around=${replies[2]?.id}`);
    expect(texts(around)).toEqual(['reply 0', 'reply 1', 'reply 2', 'reply 3']);
    expect(around.older_cursor).toBeNull();
    const newer = await page(`limit=4&after=${around.newer_cursor}`);
    expect(texts(newer)).toEqual(['reply 4', 'reply 5', 'reply 6']);
    expect(newer.newer_cursor).toBeNull();
    // Without a limit, a page holds 50 replies: this whole thread.
    expect(texts(await page(''))).toHaveLength(7);

    const other = await say(ada, roomId, 'Another question');
    const bad = [
      `around=${other.id}`,
      'before=not-a-cursor',
      `before=${newest.older_cursor}&after=${newest.older_cursor}`,
      'limit=0',
    ];
    for (const query of bad) {
      const response = await ada.api.get(`/api/messages/${root.id}/thread?${query}`, { cookie: ada.cookie });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('refuses a root of another room, a reply as a root, and unknown messages', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const otherRoom = await roomWith(ada);
    const elsewhere = await say(ada, otherRoom, 'elsewhere');
    const bad = await replyIn(bob, roomId, elsewhere.id, 'hi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: THREAD_ERRORS.rootNotInRoom } });
    const root = await say(ada, roomId, 'root');
    const reply = messageOf(await replyIn(bob, roomId, root.id, 'reply'));
    const nested = await replyIn(ada, roomId, reply.id, 'nested');
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ error: { message: THREAD_ERRORS.rootIsReply } });
    const missing = await ada.api.get('/api/messages/00000000-0000-4000-8000-000000000000/thread', {
      cookie: ada.cookie,
    });
    expect(missing.statusCode).toBe(404);
    // A visitor reads a thread too, without following it or marking its answer.
    const visitor = await ada.api.get(`/api/messages/${root.id}/thread`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ following: false, can_mark_answer: false });
  });

  it('sends replies as room events in the gap-free sequence, live and on replay', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const socket = await openTestSocket(url, { cookie: ada.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    socket.send({ type: 'room.subscribe', room_id: roomId });
    const ack = await socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
    const root = await say(ada, roomId, 'A question');
    const reply = messageOf(await replyIn(bob, roomId, root.id, 'An answer'));
    const live = await waitForEvents(socket, roomId, 3);
    expect(live.map((f) => f.seq)).toEqual([ack.last_seq + 1, ack.last_seq + 2, ack.last_seq + 3]);
    expect(live.map((f) => f.event.type)).toEqual(['message.created', 'message.created', 'thread.updated']);
    expect(live[2]?.event).toMatchObject({
      type: 'thread.updated',
      root_id: root.id,
      thread: { reply_count: 1, repliers: [{ id: bob.id }] },
    });
    // A reconnect resuming from the subscription's start loses nothing.
    const again = await openTestSocket(url, { cookie: ada.cookie, origin: ORIGIN });
    sockets.push(again);
    await again.waitFor('hello');
    again.send({ type: 'room.subscribe', room_id: roomId, after_seq: ack.last_seq });
    await again.waitFor('room.subscribed', (f) => f.room_id === roomId);
    const replayed = await waitForEvents(again, roomId, 3);
    // The same events in the same places; the root is presented as it is now (with its thread).
    expect(replayed.map((f) => [f.seq, f.event.type])).toEqual(live.map((f) => [f.seq, f.event.type]));
    expect(replayed[2]?.event).toEqual(live[2]?.event);
    const log = await replayedLog(app.ctx.database.db, roomId);
    expect(log.some((e) => e.event.type === 'message.created' && e.event.message.id === reply.id)).toBe(true);
  });

  it('lets the root author or a moderator mark one answer, logs a moderator marking for someone else, and lists questions', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const mod = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, bob, mod, grace);
    await makeModerator(app, roomId, mod.id, clock.now());
    const root = await say(ada, roomId, 'Why does it crash?');
    const other = await say(ada, roomId, 'Another question');
    const first = messageOf(await replyIn(bob, roomId, root.id, 'Missing env var'));
    const second = messageOf(await replyIn(grace, roomId, root.id, 'Try a clean build'));
    await replyIn(bob, roomId, other.id, 'No idea');

    expect((await threadOf(ada, root.id)).can_mark_answer).toBe(true);
    expect((await threadOf(grace, root.id)).can_mark_answer).toBe(false);
    // Not the root's author nor a moderator.
    const refused = await mark(grace, first.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: THREAD_ERRORS.notAllowed } });
    // A root is not a reply.
    expect((await mark(ada, root.id)).json()).toMatchObject({ error: { message: THREAD_ERRORS.notAReply } });

    const marked = await mark(ada, first.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json<AnswerResponse>().thread.answer).toMatchObject({
      message_id: first.id,
      author: { id: bob.id },
      excerpt: 'Missing env var',
    });
    // One answer per thread: the moderator marks another one instead, for Ada.
    const replaced = await mark(mod, second.id);
    expect(replaced.json<AnswerResponse>().thread.answer?.message_id).toBe(second.id);
    expect((await history(ada, roomId)).find((m) => m.id === root.id)?.thread?.answer?.message_id).toBe(second.id);
    expect((await unmark(ada, first.id)).json()).toMatchObject({ error: { message: THREAD_ERRORS.notTheAnswer } });

    const log = (
      await mod.api.get(`/api/rooms/${roomId}/moderation-log`, { cookie: mod.cookie })
    ).json<ModerationLogResponse>();
    expect(log.entries.map((e) => e.action)).toEqual(['answer.marked']);
    expect(log.entries[0]).toMatchObject({ target: { id: grace.id }, message_id: second.id });

    expect((await questions(bob, roomId, 'unanswered')).questions.map((q) => q.root_id)).toEqual([other.id]);
    expect((await questions(bob, roomId, 'answered')).questions.map((q) => q.root_id)).toEqual([root.id]);
    const all = await questions(bob, roomId, 'all');
    // Newest activity first.
    expect(all.questions.map((q) => q.root_id)).toEqual([other.id, root.id]);
    expect(all.questions[1]).toMatchObject({ author: { id: ada.id }, reply_count: 2, answered: true });
    expect(all.unanswered_count).toBe(1);
    expect((await bob.api.get(`/api/rooms/${roomId}/questions?filter=open`, { cookie: bob.cookie })).statusCode).toBe(
      400,
    );

    // Unmarked by the root's author (their own question: not moderation).
    const cleared = await unmark(ada, second.id);
    expect(cleared.json<AnswerResponse>().thread.answer).toBeNull();
    expect((await questions(bob, roomId, 'unanswered')).unanswered_count).toBe(2);
    const after = (
      await mod.api.get(`/api/rooms/${roomId}/moderation-log`, { cookie: mod.cookie })
    ).json<ModerationLogResponse>();
    expect(after.entries).toHaveLength(1);
  });

  it('follows threads one starts, replies in or is mentioned in, counts their unread replies apart from the room', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, bob, grace);
    const root = await say(ada, roomId, 'Who can review?');
    const before = await unread(ada, roomId);
    await replyIn(bob, roomId, root.id, `I can, and @${grace.username} too`);
    // A thread-only reply does not raise the room's unread count.
    expect(await unread(ada, roomId)).toBe(before);

    const adaThreads = await followed(ada);
    expect(adaThreads.unread_threads).toBe(1);
    expect(adaThreads.threads[0]).toMatchObject({
      root_id: root.id,
      room: { id: roomId },
      excerpt: 'Who can review?',
      reply_count: 1,
      unread_count: 1,
      last_reply: { author: { id: bob.id } },
    });
    // The replier has read it; the mentioned person follows it too.
    expect((await followed(bob)).threads[0]).toMatchObject({ root_id: root.id, unread_count: 0 });
    expect((await followed(grace)).threads.map((t) => t.root_id)).toEqual([root.id]);

    const lastReply = (await threadOf(ada, root.id)).replies[0];
    const read = await ada.api.put(
      `/api/messages/${root.id}/thread/read`,
      { message_id: lastReply?.id },
      { cookie: ada.cookie },
    );
    expect(read.statusCode).toBe(204);
    expect((await followed(ada)).unread_threads).toBe(0);

    // "Unfollow thread": replies stop counting, and replying later does not follow again.
    const off = await grace.api.delete(`/api/messages/${root.id}/thread/follow`, {}, { cookie: grace.cookie });
    expect(off.json()).toEqual({ following: false });
    await replyIn(grace, roomId, root.id, 'ok');
    expect((await followed(grace)).threads).toEqual([]);
    expect((await threadOf(grace, root.id)).following).toBe(false);
    const on = await grace.api.put(`/api/messages/${root.id}/thread/follow`, {}, { cookie: grace.cookie });
    expect(on.json()).toEqual({ following: true });
    expect((await threadOf(grace, root.id)).following).toBe(true);

    // /threads lists a page of them; the count of threads with unread replies is of them all.
    const second = await say(ada, roomId, 'And who can merge?');
    await replyIn(bob, roomId, second.id, 'I can merge');
    await replyIn(bob, roomId, root.id, 'Reviewed');
    const firstPage = (
      await ada.api.get('/api/me/threads?limit=1', { cookie: ada.cookie })
    ).json<FollowedThreadsResponse>();
    expect(firstPage.threads).toHaveLength(1);
    expect(firstPage).toMatchObject({ unread_threads: 2, has_more: true });
    expect((await followed(ada)).has_more).toBe(false);
    const outOfRange = await ada.api.get('/api/me/threads?limit=0', { cookie: ada.cookie });
    expect(outOfRange.statusCode).toBe(400);

    // Someone outside the room cannot follow.
    const stranger = await createMember(app);
    const refused = await stranger.api.put(`/api/messages/${root.id}/thread/follow`, {}, { cookie: stranger.cookie });
    expect(refused.statusCode).toBe(403);
  });

  it("counts a followed thread's unread replies up to 100 ('99+ new')", async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const root = await say(ada, roomId, 'Long discussion?');
    const first = messageOf(await replyIn(bob, roomId, root.id, 'reply 0'));
    expect((await followed(ada)).threads[0]?.unread_count).toBe(1);
    const after = Date.parse(first.created_at);
    const more = Array.from({ length: 120 }, (_, i) => ({
      id: randomUUID(),
      room_id: roomId,
      user_id: bob.id,
      client_id: randomUUID(),
      content: `reply ${i + 1}`,
      created_at: new Date(after + (i + 1) * 1000).toISOString(),
      edited_at: null,
      thread_root_id: root.id,
    }));
    await app.ctx.database.db.insertInto('messages').values(more).execute();
    const listed = await followed(ada);
    expect(listed.threads[0]).toMatchObject({ root_id: root.id, unread_count: 100 });
    expect(listed.unread_threads).toBe(1);
  });

  it('applies moderation inside threads: mute, slow mode, ban, removal; a deleted root keeps its thread', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const mod = await createMember(app);
    const roomId = await roomWith(ada, bob, mod);
    await makeModerator(app, roomId, mod.id, clock.now());
    const root = await say(ada, roomId, 'Root question');
    const reply = messageOf(await replyIn(bob, roomId, root.id, 'first'));

    await mod.api.post(`/api/rooms/${roomId}/mutes`, { user_id: bob.id, duration: '10m' }, { cookie: mod.cookie });
    expect((await replyIn(bob, roomId, root.id, 'muted words')).statusCode).toBe(403);
    await mod.api.delete(`/api/rooms/${roomId}/mutes/${bob.id}`, {}, { cookie: mod.cookie });

    await mod.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 60 }, { cookie: mod.cookie });
    const tooSoon = await replyIn(bob, roomId, root.id, 'again');
    expect(tooSoon.statusCode).toBe(429);
    await mod.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 0 }, { cookie: mod.cookie });

    // A moderator removes a reply: the summary counts it no more.
    expect((await mod.api.post(`/api/messages/${reply.id}/remove`, {}, { cookie: mod.cookie })).statusCode).toBe(204);
    expect((await history(ada, roomId)).find((m) => m.id === root.id)?.thread).toBeUndefined();
    const kept = messageOf(await replyIn(bob, roomId, root.id, 'second'));

    // The root's author deletes the root: "This message was deleted", its thread intact.
    expect((await ada.api.delete(`/api/messages/${root.id}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
    const tombstone = (await history(ada, roomId)).find((m) => m.id === root.id);
    expect(tombstone).toMatchObject({ deleted: true, content: '', thread: { reply_count: 1 } });
    const intact = await threadOf(bob, root.id);
    expect(intact.root).toMatchObject({ id: root.id, deleted: true });
    expect(intact.replies.map((m) => [m.id, m.deleted])).toEqual([
      [reply.id, true],
      [kept.id, false],
    ]);

    // Banned: reads nothing of the room, threads included.
    await mod.api.post(`/api/rooms/${roomId}/bans`, { user_id: bob.id }, { cookie: mod.cookie });
    expect((await bob.api.get(`/api/messages/${root.id}/thread`, { cookie: bob.cookie })).statusCode).toBe(403);
    expect((await replyIn(bob, roomId, root.id, 'banned words')).statusCode).toBe(403);
    expect((await bob.api.get(`/api/rooms/${roomId}/questions`, { cookie: bob.cookie })).statusCode).toBe(403);
  });

  it('takes reports of thread replies, and a mention by someone ignored does not follow the thread', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, bob, grace);
    const root = await say(ada, roomId, 'Which version?');
    expect((await grace.api.put(`/api/me/ignored/${bob.id}`, {}, { cookie: grace.cookie })).statusCode).toBeLessThan(
      300,
    );
    const reply = messageOf(await replyIn(bob, roomId, root.id, `ask @${grace.username}`));
    // Grace ignores Bob: his mention neither reaches her nor makes her follow.
    expect((await followed(grace)).threads).toEqual([]);
    const report = await ada.api.post(`/api/messages/${reply.id}/reports`, { reason: 'spam' }, { cookie: ada.cookie });
    expect(report.statusCode).toBe(204);
  });

  it('says which search results are thread replies', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const root = await say(ada, roomId, 'zebracorn question');
    const reply = messageOf(await replyIn(bob, roomId, root.id, 'zebracorn answer'));
    // Search words are written by the work after the commits.
    await app.services.postCommit.flush();
    const found = (
      await ada.api.get(`/api/search/messages?q=zebracorn&room_id=${roomId}`, { cookie: ada.cookie })
    ).json<SearchMessagesResponse>();
    const hit = found.results.find((r) => r.id === reply.id);
    expect(hit?.thread_root_id).toBe(root.id);
    expect(found.results.find((r) => r.id === root.id)?.thread_root_id).toBeUndefined();
  });
});
