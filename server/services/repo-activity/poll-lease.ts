import type { Redis } from 'ioredis';

/**
 * Who polls a repository: whoever takes its lease, held for the poll interval. With Redis one
 * process among all takes it; without, this process is the only one.
 */
export interface PollLease {
  /** True when this process may poll the repository now (the lease is then its own for `ms`). */
  take(repoKey: string, ms: number): Promise<boolean>;
}

export function createMemoryPollLease(now: () => number): PollLease {
  const until = new Map<string, number>();
  return {
    async take(repoKey, ms) {
      const t = now();
      if ((until.get(repoKey) ?? 0) > t) return false;
      until.set(repoKey, t + ms);
      if (until.size > 10_000) for (const [key, at] of until) if (at <= t) until.delete(key);
      return true;
    },
  };
}

export function createRedisPollLease(redis: Redis, processId: string): PollLease {
  return {
    async take(repoKey, ms) {
      const taken = await redis.set(`reporooms:activity-lease:${repoKey}`, processId, 'PX', Math.max(1, ms), 'NX');
      return taken === 'OK';
    },
  };
}
