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

const USERS = 20;
const MESSAGES_PER_USER = 8; // under the 10-per-minute send limit, retries included
const KILLS = 3;

describe.each(['sqlite', 'postgres'] as const)('server SIGKILLed under sustained sends [%s]', (engine) => {
  let deployment: Deployment;
  let rooms: ChatRoomFixture[];

  beforeAll(async () => {
    deployment = await startDeployment({ engine });
    const users = await createUsers(deployment.fixture, USERS);
    rooms = [
      await createRoomWithMembers(deployment.fixture, users),
      await createRoomWithMembers(deployment.fixture, users),
    ];
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('keeps every acknowledged message exactly once and every client converges to the log', async () => {
    const [server] = deployment.servers;
    if (!server) throw new Error('no server');
    const roomIds = rooms.map((room) => room.id);
    const users = rooms[0]?.members ?? [];
    const watchers = users
      .slice(0, 6)
      .map(
        (user) => new RoomWatcher({ wsUrl: wsUrlOf(server), origin: server.origin, user, roomIds, reconnect: true }),
      );
    await Promise.all(watchers.map((watcher) => watcher.connect()));

    const log = createSenderLog();
    const senders = users.map((user, index) =>
      runSender(
        {
          user,
          roomId: roomIds[index % roomIds.length] ?? '',
          messages: MESSAGES_PER_USER,
          intervalMs: 1500,
          origin: () => server.origin,
        },
        log,
        () => false,
      ),
    );

    const kills: number[] = [];
    for (let i = 0; i < KILLS; i += 1) {
      await sleep(2500);
      kills.push(log.acknowledged.size);
      await server.kill();
      await sleep(300);
      await server.start();
    }
    await Promise.all(senders);
    for (const running of [server])
      expect(running.pid(), `server died:\n${running.output().slice(-3000)}`).toBeDefined();

    // The kills landed while messages were flowing and in-flight requests died with the process.
    expect(kills.every((acknowledged) => acknowledged > 0 && acknowledged < log.tried.size)).toBe(true);
    expect(log.attempts.some((attempt) => attempt.outcome.status === 0)).toBe(true);

    await expectEveryAcknowledgedMessageStoredOnce(deployment.fixture, log, roomIds);
    const logs = await expectWatchersConverged(deployment.fixture, watchers, roomIds);
    for (const roomId of roomIds) await expectGapFreeLog(deployment.fixture, roomId, logs.get(roomId) ?? []);
    for (const watcher of watchers) {
      expect(watcher.stats.connections).toBeGreaterThan(KILLS);
      watcher.close();
    }
  });
});
