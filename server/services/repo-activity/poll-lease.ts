import type { Redis } from 'ioredis';

/**
 * Who polls a repository: whoever holds its lease while the poll runs. With Redis one process
 * among all holds it; without, this process is the only one. A lease a crashed process left
 * behind lapses after its time.
 */
export interface PollLease {
  /** True when this process now holds the repository's lease (for at most `ms`). */
  take(repoKey: string, ms: number): Promise<boolean>;
  /** Gives up a lease this process holds. */
  release(repoKey: string): Promise<void>;
}

export function createMemoryPollLease(now: () => number): PollLease {
  const until = new Map<string, number>();
  return {
    async take(repoKey, ms) {
      const t = now();
      if ((until.get(repoKey) ?? 0) > t) return false;
      until.set(repoKey, t + ms);
      return true;
    },
    async release(repoKey) {
      until.delete(repoKey);
    },
  };
}

/** Deletes the lease only while it is still this process's (it may have lapsed and been taken). */
const RELEASE_OWN = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

export function createRedisPollLease(redis: Redis, processId: string): PollLease {
  const key = (repoKey: string) => `reporooms:activity-lease:${repoKey}`;
  return {
    async take(repoKey, ms) {
      return (await redis.set(key(repoKey), processId, 'PX', Math.max(1, ms), 'NX')) === 'OK';
    },
    async release(repoKey) {
      await redis.eval(RELEASE_OWN, 1, key(repoKey), processId);
    },
  };
}
