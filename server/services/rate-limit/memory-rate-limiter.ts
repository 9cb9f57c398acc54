import type { RateLimiter } from './rate-limiter';

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((stamp) => stamp > t - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? t;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - t) / 1000)) };
      }
      recent.push(t);
      hits.set(key, recent);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async close() {
      hits.clear();
    },
  };
}
