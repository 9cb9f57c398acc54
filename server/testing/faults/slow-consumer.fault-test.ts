import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomWithMembers, createUsers, readEventLog, type ChatRoomFixture } from './support/chat-fixture';
import { expectWatchersConverged } from './support/assertions';
import { waitUntil } from './support/convergence';
import { startDeployment, wsUrlOf, type Deployment } from './support/deployment';
import { postMessage, sampleContent } from './support/message-sender';
import { readRssBytes } from './support/process-stats';
import { RoomWatcher } from './support/room-watcher';
import { serverSideTcpState } from './support/tcp-state';

const SENDERS = 800;
const PER_SENDER = 9; // under the 10-per-minute send limit
const CONCURRENCY = 12;
/**
 * RSS growth allowed past the warm working size while one reader stalls. The proof of shedding is
 * the dropped connection; this bound only catches buffering gone wild. The process grows by about
 * 200 MiB over these few thousand sends whether or not a reader stalls (heap growth under load),
 * so a tight bound would measure the garbage collector, not the backlog.
 */
const RSS_GROWTH_LIMIT = 384 * 1024 * 1024;
const WARM_UP_MESSAGES = 500;

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

describe('a client that stops reading in a busy room', () => {
  let deployment: Deployment;
  let room: ChatRoomFixture;

  beforeAll(async () => {
    deployment = await startDeployment({ engine: 'sqlite' });
    room = await createRoomWithMembers(deployment.fixture, await createUsers(deployment.fixture, SENDERS + 4));
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('is shed while memory stays bounded and everyone else keeps receiving', async () => {
    const [server] = deployment.servers;
    if (!server) throw new Error('no server');
    const serverPid = server.pid() ?? 0;
    const readers = room.members.slice(0, 3).map(
      (user) =>
        new RoomWatcher({
          wsUrl: wsUrlOf(server),
          origin: server.origin,
          user,
          roomIds: [room.id],
          reconnect: false,
        }),
    );
    const slowUser = room.members[3];
    if (!slowUser) throw new Error('setup');
    const slow = new RoomWatcher({
      wsUrl: wsUrlOf(server),
      origin: server.origin,
      user: slowUser,
      roomIds: [room.id],
      reconnect: false,
    });
    await Promise.all([...readers, slow].map((watcher) => watcher.connect()));
    await waitUntil(() => slow.stats.connections === 1, 5000);
    const slowSocket = (slow.ws as unknown as { _socket: net.Socket })._socket;
    const clientPort = slowSocket.localPort ?? 0;
    // Stalled from the start, its receive window never grows: the backlog lands in the server.
    slowSocket.pause();

    const senders = room.members.slice(4);
    const jobs: Array<{ senderIndex: number; n: number }> = [];
    for (let n = 0; n < PER_SENDER; n += 1)
      for (let s = 0; s < senders.length; s += 1) jobs.push({ senderIndex: s, n });
    let next = 0;
    let accepted = 0;
    let peakRss = readRssBytes(serverPid);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, readRssBytes(serverPid));
    }, 250);
    const sendWhile = (more: () => boolean) =>
      Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < jobs.length && more()) {
            const job = jobs[next++];
            const sender = job ? senders[job.senderIndex] : undefined;
            if (!job || !sender) return;
            const outcome = await postMessage(
              server.origin,
              sender,
              room.id,
              randomUUID(),
              sampleContent(`slow-consumer ${job.n}/${job.senderIndex}`, 1000),
            );
            if (outcome.status === 201) accepted += 1;
          }
        }),
      );

    // Warm-up: the process reaches its working size under this load.
    await sendWhile(() => accepted < WARM_UP_MESSAGES);
    const warmRss = peakRss;
    const shed = () => serverSideTcpState(server.port, clientPort) !== 'ESTABLISHED';
    let acceptedAtShed: number | undefined;
    await sendWhile(() => {
      if (acceptedAtShed === undefined && shed()) acceptedAtShed = accepted;
      return acceptedAtShed === undefined || accepted < acceptedAtShed + 300;
    });
    clearInterval(sampler);

    // The server let go of the stalled socket instead of buffering the whole room for it.
    console.info(
      `slow consumer: warm RSS ${mib(warmRss)} MiB, peak ${mib(peakRss)} MiB, shed after ${acceptedAtShed} of ${accepted} messages`,
    );
    expect(acceptedAtShed).toBeDefined();
    expect(accepted).toBeGreaterThan(acceptedAtShed ?? Infinity);
    expect(peakRss - warmRss).toBeLessThan(RSS_GROWTH_LIMIT);
    // Everyone else got every event, in order.
    await expectWatchersConverged(deployment.fixture, readers, [room.id]);
    const total = (await readEventLog(deployment.fixture, room.id)).length;
    expect(total).toBe(accepted);

    // Once it reads again it finds its connection closed, holding only part of the room.
    slowSocket.resume();
    expect(await waitUntil(() => slow.ws === undefined, 30_000)).toBe(true);
    expect([4008, 1006]).toContain(slow.stats.closeCodes[0]);
    expect(slow.lastSeq(room.id)).toBeLessThan(total);
    for (const reader of readers) reader.close();
  });
});
