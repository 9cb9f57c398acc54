import { Redis } from 'ioredis';

/** A Redis connection that keeps retrying in the background instead of failing commands forever. */
export function connectRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: `reporooms:${name}`,
    lazyConnect: false,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Errors surface through health() and failed commands; an unhandled 'error' event would kill the process.
  redis.on('error', () => undefined);
  return redis;
}
