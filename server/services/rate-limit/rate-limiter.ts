export interface RateLimitResult {
  allowed: boolean;
  /** Whole seconds until the next attempt would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Sliding-window limiter: at most `limit` hits per `windowMs` per key.
 * A refused attempt is not counted, so waiting the advertised time always works.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}
