import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomWithMembers, createUsers, type ChatRoomFixture } from './support/chat-fixture';
import {
  expectEveryAcknowledgedMessageStoredOnce,
  expectGapFreeLog,
  expectWatchersConverged,
} from './support/assertions';
import { waitUntil } from './support/convergence';
import { startDeployment, wsUrlOf, type Deployment } from './support/deployment';
import { createSenderLog, runSender, sleep } from './support/message-sender';
import { RoomWatcher } from './support/room-watcher';

const USERS = 20;
const MESSAGES_PER_USER = 8;

describe('PostgreSQL crashed and restarted under load', () => {
  let deployment: Deployment;
  let room: ChatRoomFixture;

  beforeAll(async () => {
    deployment = await startDeployment({ engine: 'postgres' });
    room = await createRoomWithMembers(deployment.fixture, await createUsers(deployment.fixture, USERS));
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('answers a retryable 503 while the database is down and recovers by itself', async () => {
    const [server] = deployment.servers;
    const { postgres } = deployment;
    if (!server || !postgres) throw new Error('server and PostgreSQL expected');
    const watchers = room.members
      .slice(0, 4)
      .map(
        (user) =>
          new RoomWatcher({ wsUrl: wsUrlOf(server), origin: server.origin, user, roomIds: [room.id], reconnect: true }),
      );
    await Promise.all(watchers.map((watcher) => watcher.connect()));

    const log = createSenderLog();
    const senders = room.members.map((user) =>
      runSender(
        { user, roomId: room.id, messages: MESSAGES_PER_USER, intervalMs: 1500, origin: () => server.origin },
        log,
        () => false,
      ),
    );

    await sleep(3000);
    await postgres.stop('immediate');
    const outageStart = Date.now();
    await sleep(4000);
    const outageEnd = Date.now();
    await postgres.start();
    await Promise.all(senders);
    for (const running of [server])
      expect(running.pid(), `server died:\n${running.output().slice(-3000)}`).toBeDefined();

    const duringOutage = log.attempts.filter(
      (attempt) => attempt.startedAt >= outageStart && attempt.endedAt <= outageEnd,
    );
    expect(duringOutage.length).toBeGreaterThan(0);
    expect([...new Set(duringOutage.map((attempt) => attempt.outcome.status))]).toEqual([503]);
    // The same process serves again: its pool replaced the dead connections without a restart.
    expect(log.attempts.some((attempt) => attempt.startedAt > outageEnd && attempt.outcome.status === 201)).toBe(true);
    expect(await waitUntil(async () => (await fetch(`${server.origin}/api/health/ready`)).status === 200, 10_000)).toBe(
      true,
    );

    await expectEveryAcknowledgedMessageStoredOnce(deployment.fixture, log, [room.id]);
    const logs = await expectWatchersConverged(deployment.fixture, watchers, [room.id]);
    await expectGapFreeLog(deployment.fixture, room.id, logs.get(room.id) ?? []);
    for (const watcher of watchers) watcher.close();
  });
});
