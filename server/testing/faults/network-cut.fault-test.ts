import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomWithMembers, createUsers, readEventLog, type ChatRoomFixture } from './support/chat-fixture';
import { expectWatchersConverged } from './support/assertions';
import { waitUntil } from './support/convergence';
import { startDeployment, type Deployment } from './support/deployment';
import { createSenderLog, runSender } from './support/message-sender';
import { RoomWatcher } from './support/room-watcher';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

describe('a client whose network is cut, then stalled', () => {
  let deployment: Deployment;
  let room: ChatRoomFixture;
  let proxy: TcpProxy;

  beforeAll(async () => {
    deployment = await startDeployment({ engine: 'sqlite' });
    room = await createRoomWithMembers(deployment.fixture, await createUsers(deployment.fixture, 3));
    const [server] = deployment.servers;
    if (!server) throw new Error('no server');
    proxy = await startTcpProxy(server.port);
  });
  afterAll(async () => {
    await proxy?.close();
    await deployment?.destroy();
  });

  async function send(count: number): Promise<void> {
    const [server] = deployment.servers;
    const sender = room.members[1];
    if (!server || !sender) throw new Error('setup');
    const log = createSenderLog();
    await runSender(
      { user: sender, roomId: room.id, messages: count, intervalMs: 0, origin: () => server.origin },
      log,
      () => false,
    );
    expect(log.acknowledged.size).toBe(count);
  }

  it('receives exactly what it missed after a cut, in order, without duplicates', async () => {
    const [server] = deployment.servers;
    const [cutUser, , directUser] = room.members;
    if (!server || !cutUser || !directUser) throw new Error('setup');
    const behindProxy = new RoomWatcher({
      wsUrl: `ws://127.0.0.1:${proxy.port}/ws`,
      origin: server.origin,
      user: cutUser,
      roomIds: [room.id],
      reconnect: true,
    });
    const direct = new RoomWatcher({
      wsUrl: `ws://127.0.0.1:${server.port}/ws`,
      origin: server.origin,
      user: directUser,
      roomIds: [room.id],
      reconnect: false,
    });
    await Promise.all([behindProxy.connect(), direct.connect()]);

    await send(3);
    await expectWatchersConverged(deployment.fixture, [behindProxy, direct], [room.id]);
    expect(behindProxy.lastSeq(room.id)).toBe(3);

    proxy.cut();
    expect(await waitUntil(() => behindProxy.ws === undefined, 10_000)).toBe(true);
    await send(4);
    // The live client saw them; the cut one could not.
    expect(await waitUntil(() => direct.lastSeq(room.id) === 7, 10_000)).toBe(true);
    expect(behindProxy.lastSeq(room.id)).toBe(3);

    proxy.restore();
    const logs = await expectWatchersConverged(deployment.fixture, [behindProxy, direct], [room.id]);
    expect(logs.get(room.id)?.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(behindProxy.stats.connections).toBeGreaterThanOrEqual(2);
    expect(behindProxy.stats.duplicateFrames).toBe(0);
    expect(direct.stats.duplicateFrames).toBe(0);

    // A stalled link (nothing closes, bytes stop) delivers the backlog in order once it flows.
    const connectionsBeforeStall = behindProxy.stats.connections;
    proxy.stall();
    await send(3);
    expect(await waitUntil(() => direct.lastSeq(room.id) === 10, 10_000)).toBe(true);
    proxy.restore();
    await expectWatchersConverged(deployment.fixture, [behindProxy, direct], [room.id]);
    expect(behindProxy.stats.connections).toBe(connectionsBeforeStall);
    expect(behindProxy.stats.duplicateFrames).toBe(0);
    expect((await readEventLog(deployment.fixture, room.id)).length).toBe(10);
    behindProxy.close();
    direct.close();
  });
});
