import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageDto } from '../../shared/api/rooms';
import type { ServerFrame } from '../../shared/realtime/protocol';
import { describeEachDatabase } from '../testing/databases';
import { createMember, messageOf, roomWith, testClock, type TestMember } from '../testing/room-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openTestSocket, waitForEvents, type TestSocket } from '../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';
type EventFrame = Extract<ServerFrame, { type: 'room.event' }>;

/**
 * Replays present the stored facts as things are when they are replayed, and this process keeps
 * a presentation only while it holds: a reply's quote follows its original's edit and deletion,
 * even for a socket that replays the reply after another socket had it presented.
 */
describeEachDatabase('replayed events are presented at delivery', (engine) => {
  const clock = testClock();
  let app: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];

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

  async function replayFromStart(member: TestMember, roomId: string, count: number): Promise<EventFrame[]> {
    const socket = await openTestSocket(url, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    socket.send({ type: 'room.subscribe', room_id: roomId, after_seq: 0 });
    return (await waitForEvents(socket, roomId, count)) as EventFrame[];
  }
  const messageIn = (events: EventFrame[], id: string): MessageDto | undefined =>
    events.flatMap((f) =>
      f.event.type === 'message.created' && f.event.message.id === id ? [f.event.message] : [],
    )[0];

  it('quotes the original as it is now, after an edit and a deletion, whoever replayed the reply before', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const before = (await app.services.roomAccess.lastSeq(roomId)) ?? 0;
    clock.advance(1000);
    const original = messageOf(await ada.send(roomId, 'first words'));
    clock.advance(1000);
    const reply = messageOf(
      await grace.api.post(
        `/api/rooms/${roomId}/messages`,
        { client_id: 'reply-1', content: 'agreed', reply_to_id: original.id },
        { cookie: grace.cookie },
      ),
    );

    const first = await replayFromStart(ada, roomId, before + 2);
    expect(messageIn(first, reply.id)?.reply_to).toMatchObject({ message_id: original.id, excerpt: 'first words' });
    expect(messageIn(first, original.id)?.author).toMatchObject({ id: ada.id, username: ada.username });

    clock.advance(1000);
    const edited = await ada.api.patch(
      `/api/messages/${original.id}`,
      { content: 'second words' },
      { cookie: ada.cookie },
    );
    expect(edited.statusCode).toBe(200);
    await waitForEvents(sockets[0]!, roomId, before + 3);
    const second = await replayFromStart(grace, roomId, before + 3);
    expect(messageIn(second, reply.id)?.reply_to).toMatchObject({ excerpt: 'second words', deleted: false });
    expect(messageIn(second, original.id)?.content).toBe('second words');
    expect(JSON.stringify(second)).not.toContain('first words');

    const deleted = await ada.api.delete(`/api/messages/${original.id}`, {}, { cookie: ada.cookie });
    expect(deleted.statusCode).toBe(204);
    await waitForEvents(sockets[0]!, roomId, before + 4);
    const third = await replayFromStart(grace, roomId, before + 4);
    expect(messageIn(third, reply.id)?.reply_to).toMatchObject({ excerpt: '', deleted: true });
    expect(JSON.stringify(third)).not.toContain('second words');
  });
});
