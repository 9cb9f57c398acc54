import type { QuotaSnapshot, UpstreamAllowance } from '../../github/github-services';
import { RESERVED_QUOTA_SHARE } from '../../github/quota-tracker';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** The most of the visitors' search pool one address may spend in a window of GitHub's search quota. */
export const VISITOR_SHARE_OF_POOL = 0.1;
/** GitHub's search quota refills every minute. */
const SEARCH_WINDOW_MS = 60_000;
/** Until GitHub has said what the search quota is: its smallest (10 a minute, without a token). */
const ASSUMED_SEARCH_LIMIT = 10;

/** One visitor's allowance for one request, and what it refused. */
export interface VisitorAllowance extends UpstreamAllowance {
  /** Seconds until the address may spend again, when this request's spending was refused; else 0. */
  refusedForSeconds(): number;
}

/**
 * Signed-out visitors share one pool of GitHub searches: the search quota less the reserve kept
 * for signed-in users and the home page's own lists. Without a share per address, one visitor
 * could spend the whole pool in seconds and every other visitor's search and filtered list would
 * fail for the rest of the minute. Each address may spend at most VISITOR_SHARE_OF_POOL of it (at
 * least one search) per window. Only searches that reach GitHub count: answers from the cache
 * cost nothing and keep being served, to that address too, even while the pool is empty.
 */
export function createVisitorSearchShare({
  rateLimiter,
  quota,
}: {
  rateLimiter: RateLimiter;
  /** The last quota seen per resource (GitHubApi.quota). */
  quota: () => QuotaSnapshot[];
}) {
  /** How many searches one address may spend per window, from the search quota last seen. */
  function perAddress(): number {
    const limit = quota().find((snapshot) => snapshot.resource === 'search')?.limit ?? ASSUMED_SEARCH_LIMIT;
    const pool = limit - Math.ceil(limit * RESERVED_QUOTA_SHARE);
    return Math.max(1, Math.floor(pool * VISITOR_SHARE_OF_POOL));
  }

  return {
    perAddress,
    /** The allowance of one request from `address` (the client's IP). */
    allowance(address: string): VisitorAllowance {
      let refusedFor = 0;
      return {
        async take() {
          let result;
          try {
            result = await rateLimiter.hit(`visitor-search-share:${address}`, perAddress(), SEARCH_WINDOW_MS);
          } catch {
            // The counter store is down: the pool's reserve still protects the site.
            return true;
          }
          if (!result.allowed) refusedFor = result.retryAfterSeconds;
          return result.allowed;
        },
        refusedForSeconds: () => refusedFor,
      };
    },
  };
}

export type VisitorSearchShare = ReturnType<typeof createVisitorSearchShare>;
