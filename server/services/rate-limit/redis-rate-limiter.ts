import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createMemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimiter } from './rate-limiter';

// One atomic step: drop expired hits, refuse when full (answering the oldest hit), else record.
const SLIDING_WINDOW = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2])}
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return {1, 0}
`;

/**
 * Shared counters across processes. While Redis is unreachable each process counts on its own
 * (limits still hold per process), so an outage of Redis never blocks sending.
 */
export function createRedisRateLimiter(redis: Redis, now: () => number = Date.now): RateLimiter {
  const fallback = createMemoryRateLimiter(now);
  return {
    async hit(key, limit, windowMs) {
      if (redis.status !== 'ready') return fallback.hit(key, limit, windowMs);
      const t = now();
      const reply = await redis
        .eval(SLIDING_WINDOW, 1, `reporooms:rl:${key}`, t, windowMs, limit, `${t}:${randomUUID()}`)
        .catch(() => undefined);
      if (reply === undefined) return fallback.hit(key, limit, windowMs);
      const [allowed, oldest] = reply as [number, number];
      if (allowed === 1) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - t) / 1000)) };
    },
    async close() {
      /* the connection is owned by the caller */
    },
  };
}
