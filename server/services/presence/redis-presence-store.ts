import type { Redis } from 'ioredis';
import type { PresenceStore } from './presence-store';

/** How long a process's claim lives without a refresh: a crashed process's users drop out after it. */
export const PRESENCE_TTL_MS = 60_000;

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
      const batch = redis.multi();
      for (const [roomId, userId] of pairs) {
        batch.zadd(key(roomId), expiry, member(userId)).pexpire(key(roomId), PRESENCE_TTL_MS * 2);
      }
      await batch.exec();
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
      if (userIds.length === 0) return;
      const expiry = clock() + PRESENCE_TTL_MS;
      const batch = redis.multi();
      for (const userId of userIds) {
        batch.zadd(userKey(userId), expiry, processId).pexpire(userKey(userId), PRESENCE_TTL_MS * 2);
      }
      await batch.exec();
    },
  };
}
