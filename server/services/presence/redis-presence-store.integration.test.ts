import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedis, TEST_REDIS_URL } from '../../testing/redis';
import { createRedisPresenceStore, PRESENCE_TTL_MS } from './redis-presence-store';

describe('Redis presence store', async () => {
  if (!(await requireRedis())) {
    it.skip('needs Redis', () => undefined);
    return;
  }
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(() => {
    redis?.disconnect();
  });

  it('merges the processes, counts a user once, and drops a process that stops refreshing', async () => {
    let t = Date.now();
    const clock = () => t;
    const room = randomUUID();
    const processA = createRedisPresenceStore(redis, 'process-a', clock);
    const processB = createRedisPresenceStore(redis, 'process-b', clock);
    await processA.add(room, 'ada');
    await processA.add(room, 'grace');
    await processB.add(room, 'grace');
    await processB.add(room, 'linus');
    expect(await processB.online(room)).toEqual(['ada', 'grace', 'linus']);

    await processA.remove(room, 'grace');
    expect(await processA.online(room)).toEqual(['ada', 'grace', 'linus']);

    // Process B "crashes": it stops refreshing while A keeps going.
    t += PRESENCE_TTL_MS / 2;
    await processA.refresh([[room, 'ada']]);
    t += PRESENCE_TTL_MS / 2 + 1;
    expect(await processA.online(room)).toEqual(['ada']);
    await processA.remove(room, 'ada');
    expect(await processA.online(room)).toEqual([]);
  });

  it('knows who has any socket open, on any process, until the process stops refreshing', async () => {
    let t = Date.now();
    const clock = () => t;
    const user = `user-${randomUUID()}`;
    const processA = createRedisPresenceStore(redis, 'process-a', clock);
    const processB = createRedisPresenceStore(redis, 'process-b', clock);
    expect(await processB.connected(user)).toBe(false);
    await processA.connect(user);
    expect(await processB.connected(user)).toBe(true);
    await processB.connect(user);
    await processA.disconnect(user);
    expect(await processA.connected(user)).toBe(true);

    // Process B "crashes": its claim runs out (A refreshes its other users, not this one).
    t += PRESENCE_TTL_MS / 2;
    await processA.refreshUsers([`other-${user}`]);
    expect(await processA.connected(user)).toBe(true);
    t += PRESENCE_TTL_MS / 2 + 1;
    expect(await processA.connected(user)).toBe(false);

    await processA.connect(user);
    t += PRESENCE_TTL_MS / 2;
    await processA.refreshUsers([user]);
    t += PRESENCE_TTL_MS / 2 + 1;
    expect(await processB.connected(user)).toBe(true);
    await processA.disconnect(user);
    expect(await processB.connected(user)).toBe(false);
  });

  it('refreshes every claim of a process with sockets in hundreds of rooms, not only the first slice', async () => {
    let t = Date.now();
    const clock = () => t;
    const store = createRedisPresenceStore(redis, `process-${randomUUID()}`, clock);
    const rooms = Array.from({ length: 450 }, () => randomUUID());
    const pairs = rooms.flatMap((room, i) => [`u${i}`, `v${i}`, 'everywhere'].map((user) => [room, user] as const));
    const users = [...new Set(pairs.map(([, user]) => `user-${rooms[0]}-${user}`))];
    for (const [room, user] of pairs) await store.add(room, user);
    for (const user of users) await store.connect(user);

    t += PRESENCE_TTL_MS / 2;
    await store.refresh(pairs);
    await store.refreshUsers(users);
    t += PRESENCE_TTL_MS / 2 + 1;

    // Past the first claims' expiry: only the refresh keeps them, in the last room as in the first.
    for (const [i, room] of rooms.entries())
      expect(await store.online(room)).toEqual([`u${i}`, `v${i}`, 'everywhere'].sort());
    for (const user of users) expect(await store.connected(user)).toBe(true);
    t += PRESENCE_TTL_MS;
    expect(await store.online(rooms[rooms.length - 1] ?? '')).toEqual([]);
    expect(await store.connected(users[users.length - 1] ?? '')).toBe(false);
  });
});
