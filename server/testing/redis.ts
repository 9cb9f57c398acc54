import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let reachable: Promise<boolean> | undefined;

/** Whether the Redis test server answers; under CI=true an unreachable Redis is an error. */
export function requireRedis(): Promise<boolean> {
  reachable ??= (async () => {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      await redis.ping();
      return true;
    } catch {
      if (process.env.CI === 'true')
        throw new Error(`Redis is required under CI=true but ${TEST_REDIS_URL} is unreachable`);
      console.warn(`\n!!! SKIPPING Redis tests: ${TEST_REDIS_URL} is unreachable\n`);
      return false;
    } finally {
      redis.disconnect();
    }
  })();
  return reachable;
}
