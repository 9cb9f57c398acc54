import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomWithMembers, createUsers, type ChatRoomFixture } from './support/chat-fixture';
import {
  expectEveryAcknowledgedMessageStoredOnce,
  expectGapFreeLog,
  expectWatchersConverged,
} from './support/assertions';
import { startDeployment, wsUrlOf, type Deployment } from './support/deployment';
import { createSenderLog, runSender, sleep } from './support/message-sender';
import { RoomWatcher } from './support/room-watcher';

const USERS = 24;
const MESSAGES_PER_USER = 8;

describe('Redis killed and restarted under load, two server processes on PostgreSQL', () => {
  let deployment: Deployment;
  let rooms: ChatRoomFixture[];

  beforeAll(async () => {
    deployment = await startDeployment({ engine: 'postgres', redis: true, processes: 2 });
    const users = await createUsers(deployment.fixture, USERS);
    rooms = [
      await createRoomWithMembers(deployment.fixture, users),
      await createRoomWithMembers(deployment.fixture, users),
    ];
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('keeps accepting sends during the outage and every client converges afterwards', async () => {
    const { servers, redis } = deployment;
    if (servers.length !== 2 || !redis) throw new Error('two processes and Redis expected');
    const roomIds = rooms.map((room) => room.id);
    const users = rooms[0]?.members ?? [];
    const watchers = users.slice(0, 8).map((user, index) => {
      const server = servers[index % 2] ?? servers[0];
      if (!server) throw new Error('no server');
      return new RoomWatcher({ wsUrl: wsUrlOf(server), origin: server.origin, user, roomIds, reconnect: true });
    });
    await Promise.all(watchers.map((watcher) => watcher.connect()));

    const log = createSenderLog();
    const senders = users.map((user, index) =>
      runSender(
        {
          user,
          roomId: roomIds[index % roomIds.length] ?? '',
          messages: MESSAGES_PER_USER,
          intervalMs: 1500,
          // Each user's sends alternate between the processes: a room's events come from both.
          origin: (attempt) => servers[(index + attempt) % 2]?.origin ?? '',
        },
        log,
        () => false,
      ),
    );

    await sleep(3000);
    await redis.stop();
    const outageStart = Date.now();
    await sleep(4000);
    const outageEnd = Date.now();
    await redis.start();
    await Promise.all(senders);
    for (const running of servers)
      expect(running.pid(), `server died:\n${running.output().slice(-3000)}`).toBeDefined();

    const duringOutage = log.attempts.filter(
      (attempt) => attempt.startedAt >= outageStart && attempt.endedAt <= outageEnd,
    );
    const statuses = duringOutage.map((attempt) => attempt.outcome.status);
    // Redis carries fan-out and counters, never the data: sends go on while it is away.
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status < 200 || status >= 300)).toEqual([]);

    await expectEveryAcknowledgedMessageStoredOnce(deployment.fixture, log, roomIds);
    const logs = await expectWatchersConverged(deployment.fixture, watchers, roomIds);
    for (const roomId of roomIds) await expectGapFreeLog(deployment.fixture, roomId, logs.get(roomId) ?? []);
    for (const watcher of watchers) watcher.close();
  });
});
