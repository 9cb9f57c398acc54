import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limiter';

describe('memory rate limiter', () => {
  it('allows `limit` hits per window and tells how long to wait', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter(() => t);
    expect((await limiter.hit('k', 2, 10_000)).allowed).toBe(true);
    expect((await limiter.hit('k', 2, 10_000)).allowed).toBe(true);
    expect(await limiter.hit('k', 2, 10_000)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    t = 10_000;
    expect((await limiter.hit('k', 2, 10_000)).allowed).toBe(true);
  });

  it('forgets keys whose window has passed instead of keeping every key ever seen', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter(() => t);
    for (let i = 0; i < 500; i += 1) await limiter.hit(`typing:room:${i}`, 1, 1_800);
    expect(limiter.size).toBe(500);
    t = 2_000;
    for (let i = 0; i < 600; i += 1) await limiter.hit('ws-frames:one-user', 1_000, 60_000);
    // Only the key still inside its window remains.
    expect(limiter.size).toBe(1);
  });
});
