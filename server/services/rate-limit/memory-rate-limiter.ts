import type { RateLimiter } from './rate-limiter';

/** Every this many hits, keys whose window has passed are forgotten. */
const SWEEP_EVERY_HITS = 1000;

export interface MemoryRateLimiter extends RateLimiter {
  /** Keys currently remembered. */
  readonly size: number;
}

export function createMemoryRateLimiter(now: () => number = Date.now): MemoryRateLimiter {
  // Keys include user and room ids (typing, socket frames): without a sweep the map would keep
  // one entry for every user and room ever seen.
  const hits = new Map<string, { stamps: number[]; windowMs: number }>();
  let sinceSweep = 0;

  function sweep(t: number): void {
    sinceSweep = 0;
    for (const [key, entry] of hits) {
      const newest = entry.stamps[entry.stamps.length - 1];
      if (newest === undefined || newest <= t - entry.windowMs) hits.delete(key);
    }
  }

  return {
    async hit(key, limit, windowMs) {
      const t = now();
      if ((sinceSweep += 1) >= SWEEP_EVERY_HITS) sweep(t);
      const recent = (hits.get(key)?.stamps ?? []).filter((stamp) => stamp > t - windowMs);
      if (recent.length >= limit) {
        hits.set(key, { stamps: recent, windowMs });
        const oldest = recent[0] ?? t;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - t) / 1000)) };
      }
      recent.push(t);
      hits.set(key, { stamps: recent, windowMs });
      return { allowed: true, retryAfterSeconds: 0 };
    },
    get size() {
      return hits.size;
    },
    async close() {
      hits.clear();
    },
  };
}
