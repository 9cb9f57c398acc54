import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerFrame } from '../../../../shared/realtime/protocol';
import { describeEachDatabase } from '../../../testing/databases';
import { createMember, messageOf, roomWith, testClock, type TestMember } from '../../../testing/room-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { openTestSocket, type TestSocket } from '../../../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';

describeEachDatabase('replies in followed threads reach their followers', (engine) => {
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
  const replyIn = async (member: TestMember, roomId: string, rootId: string, content: string) => {
    sent += 1;
    clock.advance(1000);
    const response = await member.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `followed-${sent}`, content, thread_root_id: rootId },
      { cookie: member.cookie },
    );
    return messageOf(response);
  };
  /** A socket that has not opened the room: it hears only what concerns its user. */
  const userSocket = async (member: TestMember) => {
    const socket = await openTestSocket(url, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    return socket;
  };
  const threadFrames = (socket: TestSocket) =>
    socket.frames.filter((f): f is Extract<ServerFrame, { type: 'thread.activity' }> => f.type === 'thread.activity');
  /** A room message every member's socket hears after what was sent before it. */
  const everyoneHears = async (roomId: string, author: TestMember, listeners: TestSocket[]) => {
    clock.advance(1000);
    const marker = messageOf(await author.send(roomId, `marker ${sent}`));
    for (const socket of listeners) await socket.waitFor('room.activity', (f) => f.message_id === marker.id);
  };

  it('tells followers (not the author, not other members) of each reply, and whether it mentions them', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const carol = await createMember(app);
    const roomId = await roomWith(ada, bob, carol);
    const [adaSocket, bobSocket, carolSocket] = [await userSocket(ada), await userSocket(bob), await userSocket(carol)];
    // The sockets' rooms are read when they connect: a room message shows they are in place.
    await everyoneHears(roomId, carol, [adaSocket, bobSocket]);

    clock.advance(1000);
    const root = messageOf(await ada.send(roomId, 'Does the build work on ARM?'));
    const first = await replyIn(bob, roomId, root.id, 'It does since 2.1');
    const heard = await adaSocket.waitFor('thread.activity', (f) => f.message_id === first.id);
    expect(heard).toEqual({
      type: 'thread.activity',
      room_id: roomId,
      root_id: root.id,
      message_id: first.id,
      author_id: bob.id,
      mentions_you: false,
      author_name: heard.author_name,
      excerpt: 'It does since 2.1',
    });
    expect(heard.author_name).toBeTruthy();

    const second = await replyIn(bob, roomId, root.id, `@${ada.username} see the release notes`);
    expect(await adaSocket.waitFor('thread.activity', (f) => f.message_id === second.id)).toMatchObject({
      mentions_you: true,
    });

    await everyoneHears(roomId, ada, [bobSocket, carolSocket]);
    // The author is not told of their own replies; a member who does not follow is told nothing.
    expect(threadFrames(bobSocket)).toEqual([]);
    expect(threadFrames(carolSocket)).toEqual([]);
    // A thread-only reply is no room activity: it raises no room count anywhere.
    expect(carolSocket.frames.some((f) => f.type === 'room.activity' && f.message_id === first.id)).toBe(false);

    // Bob follows since he replied: Ada's reply reaches him. After "Unfollow thread", nothing does.
    const third = await replyIn(ada, roomId, root.id, 'Thanks!');
    await bobSocket.waitFor('thread.activity', (f) => f.message_id === third.id);
    const off = await bob.api.delete(`/api/messages/${root.id}/thread/follow`, {}, { cookie: bob.cookie });
    expect(off.statusCode).toBe(200);
    const fourth = await replyIn(ada, roomId, root.id, 'One more thing');
    await everyoneHears(roomId, carol, [bobSocket]);
    expect(threadFrames(bobSocket).map((f) => f.message_id)).toEqual([third.id]);
    expect(fourth.id).toBeTruthy();
  });

  it('stops telling a follower who left the room', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const otherRoomId = await roomWith(ada, bob);
    const adaSocket = await userSocket(ada);
    await everyoneHears(roomId, bob, [adaSocket]);
    clock.advance(1000);
    const root = messageOf(await ada.send(roomId, 'Anyone tried the nightly?'));
    const left = await ada.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: ada.cookie });
    expect(left.statusCode).toBeLessThan(300);
    // Ada still follows the thread she started, but she is no longer in its room.
    const reply = await replyIn(bob, roomId, root.id, 'Yes, works fine');
    await everyoneHears(otherRoomId, bob, [adaSocket]);
    expect(threadFrames(adaSocket).some((f) => f.message_id === reply.id)).toBe(false);
  });
});
