import type { RateLimiter } from './rate-limiter';

/** Every this many hits, keys whose window has passed are dropped (per-IP keys come and go). */
const SWEEP_EVERY_HITS = 1000;

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, { stamps: number[]; windowMs: number }>();
  let count = 0;

  function sweep(t: number): void {
    for (const [key, entry] of hits) {
      const newest = entry.stamps[entry.stamps.length - 1];
      if (newest === undefined || newest <= t - entry.windowMs) hits.delete(key);
    }
  }

  return {
    async hit(key, limit, windowMs) {
      const t = now();
      count += 1;
      if (count % SWEEP_EVERY_HITS === 0) sweep(t);
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
    async close() {
      hits.clear();
    },
  };
}
