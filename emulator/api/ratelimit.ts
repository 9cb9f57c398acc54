/** Primary rate limits: fixed windows per (resource, identity), timed by the injected clock. */

export type RateResource = 'core' | 'search' | 'graphql';

export interface RateLimits {
  coreAuthenticated: number;
  coreAnonymous: number;
  searchAuthenticated: number;
  searchAnonymous: number;
  graphql: number;
}

export const GITHUB_RATE_LIMITS: RateLimits = {
  coreAuthenticated: 5000,
  coreAnonymous: 60,
  searchAuthenticated: 30,
  searchAnonymous: 10,
  graphql: 5000,
};

const WINDOW_MS: Record<RateResource, number> = { core: 3_600_000, search: 60_000, graphql: 3_600_000 };

export interface BucketView {
  limit: number;
  used: number;
  remaining: number;
  resetMs: number;
  resource: RateResource;
}

interface Bucket {
  used: number;
  resetMs: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(public limits: RateLimits) {}

  private limitFor(resource: RateResource, authenticated: boolean): number {
    if (resource === 'graphql') return this.limits.graphql;
    if (resource === 'search') return authenticated ? this.limits.searchAuthenticated : this.limits.searchAnonymous;
    return authenticated ? this.limits.coreAuthenticated : this.limits.coreAnonymous;
  }

  private bucket(resource: RateResource, identity: string, nowMs: number): Bucket {
    const key = `${resource}|${identity}`;
    let b = this.buckets.get(key);
    if (!b || b.resetMs <= nowMs) {
      b = { used: 0, resetMs: nowMs + WINDOW_MS[resource] };
      this.buckets.set(key, b);
    }
    return b;
  }

  /** Current state of a bucket without spending from it. */
  peek(resource: RateResource, identity: string, authenticated: boolean, nowMs: number): BucketView {
    const b = this.bucket(resource, identity, nowMs);
    const limit = this.limitFor(resource, authenticated);
    return { limit, used: b.used, remaining: Math.max(0, limit - b.used), resetMs: b.resetMs, resource };
  }

  spend(resource: RateResource, identity: string, authenticated: boolean, nowMs: number): BucketView {
    this.bucket(resource, identity, nowMs).used += 1;
    return this.peek(resource, identity, authenticated, nowMs);
  }

  clear(): void {
    this.buckets.clear();
  }
}

export function rateLimitHeaders(view: BucketView): Record<string, string> {
  return {
    'x-ratelimit-limit': String(view.limit),
    'x-ratelimit-remaining': String(view.remaining),
    'x-ratelimit-used': String(view.used),
    'x-ratelimit-reset': String(Math.ceil(view.resetMs / 1000)),
    'x-ratelimit-resource': view.resource,
  };
}
