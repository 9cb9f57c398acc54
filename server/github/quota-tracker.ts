import { epochToDate } from './github-errors';
import type { QuotaSnapshot } from './github-services';

type Headers = Record<string, string | number | undefined>;

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
    list(): QuotaSnapshot[] {
      return [...snapshots.values()].sort((a, b) => a.resource.localeCompare(b.resource));
    },
  };
}
export type QuotaTracker = ReturnType<typeof createQuotaTracker>;
