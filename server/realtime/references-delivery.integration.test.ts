import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/realtime/protocol';
import { describeEachDatabase } from '../testing/databases';
import { createMember, messageOf, type TestMember } from '../testing/room-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openTestSocket, waitForEvents, type TestSocket } from '../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';
type EventFrame = Extract<ServerFrame, { type: 'room.event' }>;

describeEachDatabase('GitHub references over the realtime gateway', (engine) => {
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

  async function subscribedSocket(member: TestMember, roomId: string, afterSeq: number): Promise<TestSocket> {
    const socket = await openTestSocket(url, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    socket.send({ type: 'room.subscribe', room_id: roomId, after_seq: afterSeq });
    await socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
    return socket;
  }

  it('delivers the resolved references live after the message, and replays both to a client that resumes', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join('vitejs/vite');
    await grace.join('vitejs/vite');
    const live = await subscribedSocket(grace, room.id, 2);

    const items = (await (
      await fetch(`${app.emulator?.url}/api/v3/repos/vitejs/vite/issues?state=open&per_page=5`)
    ).json()) as Array<{ number: number; title: string; pull_request?: unknown }>;
    const issue = items.find((i) => !i.pull_request)!;
    const sent = messageOf(await ada.send(room.id, `Look at #${issue.number}`));

    const events = (await waitForEvents(live, room.id, 2)) as EventFrame[];
    expect(events.map((e) => [e.seq, e.event.type])).toEqual([
      [3, 'message.created'],
      [4, 'message.references'],
    ]);
    expect(events[1]?.event).toEqual({
      type: 'message.references',
      message_id: sent.id,
      references: [{ repo: 'vitejs/vite', number: issue.number, kind: 'issue', title: issue.title, state: 'open' }],
    });

    // A replay presents the message as it is now: with the references resolved since.
    const resumed = await subscribedSocket(ada, room.id, 2);
    const replayed = (await waitForEvents(resumed, room.id, 2)) as EventFrame[];
    expect(replayed[1]).toEqual(events[1]);
    const created = events[0]!.event as Extract<EventFrame['event'], { type: 'message.created' }>;
    expect(replayed[0]).toEqual({
      ...events[0],
      event: {
        ...created,
        message: {
          ...created.message,
          references: events[1]!.event.type === 'message.references' ? events[1]!.event.references : [],
        },
      },
    });
  });
});
