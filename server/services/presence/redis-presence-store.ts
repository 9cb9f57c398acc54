import type { ChainableCommander, Redis } from 'ioredis';
import type { PresenceStore } from './presence-store';

/** How long a process's claim lives without a refresh: a crashed process's users drop out after it. */
export const PRESENCE_TTL_MS = 60_000;

/**
 * Rooms (or users) per pipeline when a process re-asserts its claims: small enough that building a
 * slice and reading its replies takes about a millisecond.
 */
const REFRESH_SLICE = 50;

const key = (roomId: string) => `reporooms:presence:${roomId}`;
const userKey = (userId: string) => `reporooms:connected:${userId}`;

/**
 * Presence shared by every process: one sorted set per room whose members are
 * "{process}|{user}" scored by the claim's expiry time. Live processes refresh their claims;
 * expired ones are ignored and swept on read. Whether a user has any socket open is a sorted set
 * per user whose members are the processes holding one, kept the same way.
 */
export function createRedisPresenceStore(
  redis: Redis,
  processId: string,
  clock: () => number = Date.now,
): PresenceStore {
  const member = (userId: string) => `${processId}|${userId}`;

  /**
   * Sends one command pair per item, REFRESH_SLICE items per pipeline, each slice awaited before
   * the next is built: a refresh of every socket of the process never holds the event loop (nor
   * Redis, which a MULTI of thousands of commands would block for every other client, the bus's
   * event publishes included) for longer than one slice.
   */
  async function inSlices<T>(items: readonly T[], add: (batch: ChainableCommander, item: T) => void): Promise<void> {
    for (let start = 0; start < items.length; start += REFRESH_SLICE) {
      const batch = redis.pipeline();
      for (const item of items.slice(start, start + REFRESH_SLICE)) add(batch, item);
      const replies = (await batch.exec()) ?? [];
      const failed = replies.find(([error]) => error !== null);
      if (failed) throw failed[0];
    }
  }

  return {
    async add(roomId, userId) {
      await redis
        .multi()
        .zadd(key(roomId), clock() + PRESENCE_TTL_MS, member(userId))
        .pexpire(key(roomId), PRESENCE_TTL_MS * 2)
        .exec();
    },
    async remove(roomId, userId) {
      await redis.zrem(key(roomId), member(userId));
    },
    async online(roomId) {
      const t = clock();
      const [, live] = ((await redis
        .multi()
        .zremrangebyscore(key(roomId), '-inf', t)
        .zrangebyscore(key(roomId), t, '+inf')
        .exec()) ?? []) as Array<[Error | null, unknown]>;
      const members = Array.isArray(live?.[1]) ? (live[1] as string[]) : [];
      return [...new Set(members.map((m) => m.slice(m.indexOf('|') + 1)))].sort();
    },
    async refresh(pairs) {
      if (pairs.length === 0) return;
      const expiry = clock() + PRESENCE_TTL_MS;
      // One ZADD per room with all of its users, sent in slices (see REFRESH_SLICE).
      const byRoom = new Map<string, string[]>();
      for (const [roomId, userId] of pairs) {
        let args = byRoom.get(roomId);
        if (!args) byRoom.set(roomId, (args = []));
        args.push(String(expiry), member(userId));
      }
      await inSlices([...byRoom], (batch, [roomId, args]) => {
        batch.zadd(key(roomId), ...args).pexpire(key(roomId), PRESENCE_TTL_MS * 2);
      });
    },
    async connect(userId) {
      await redis
        .multi()
        .zadd(userKey(userId), clock() + PRESENCE_TTL_MS, processId)
        .pexpire(userKey(userId), PRESENCE_TTL_MS * 2)
        .exec();
    },
    async disconnect(userId) {
      await redis.zrem(userKey(userId), processId);
    },
    async connected(userId) {
      return (await redis.zcount(userKey(userId), clock(), '+inf')) > 0;
    },
    async refreshUsers(userIds) {
      const expiry = clock() + PRESENCE_TTL_MS;
      await inSlices(userIds, (batch, userId) => {
        batch.zadd(userKey(userId), expiry, processId).pexpire(userKey(userId), PRESENCE_TTL_MS * 2);
      });
    },
  };
}
