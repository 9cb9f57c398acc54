import { epochToDate } from './github-errors';
import type { QuotaSnapshot } from './github-services';

type Headers = Record<string, string | number | undefined>;

/**
 * Share of each resource's quota that signed-out visitors' own queries may not spend: it is kept
 * for signed-in users and for the home page's own lists, so a flood of distinct searches cannot
 * leave the site with nothing to show.
 */
export const RESERVED_QUOTA_SHARE = 0.25;

/** The last x-ratelimit-* values GitHub sent, per resource (core, search, graphql...). */
export function createQuotaTracker() {
  const snapshots = new Map<string, QuotaSnapshot>();
  return {
    record(headers: Headers | undefined): void {
      const resource = headers?.['x-ratelimit-resource'];
      const limit = Number(headers?.['x-ratelimit-limit']);
      const remaining = Number(headers?.['x-ratelimit-remaining']);
      const reset = Number(headers?.['x-ratelimit-reset']);
      if (resource === undefined || !Number.isFinite(limit) || !Number.isFinite(remaining)) return;
      snapshots.set(String(resource), {
        resource: String(resource),
        limit,
        remaining,
        resetAt: epochToDate(reset).toISOString(),
      });
    },
    /**
     * When the resource is down to its reserve: the time it refills. Null while visitors may
     * still spend it (nothing seen yet, above the reserve, or the window has reset since).
     */
    reserveReachedUntil(resource: string, now: number): Date | null {
      const snapshot = snapshots.get(resource);
      if (!snapshot) return null;
      const resetAt = Date.parse(snapshot.resetAt);
      if (!(resetAt > now)) return null;
      return snapshot.remaining <= Math.ceil(snapshot.limit * RESERVED_QUOTA_SHARE) ? new Date(resetAt) : null;
    },
    list(): QuotaSnapshot[] {
      return [...snapshots.values()].sort((a, b) => a.resource.localeCompare(b.resource));
    },
  };
}
export type QuotaTracker = ReturnType<typeof createQuotaTracker>;

/** Which quota a REST route spends (GitHub's x-ratelimit-resource names). */
export function quotaResourceOf(route: string): string {
  return /^GET \/search\//.test(route) ? 'search' : 'core';
}
