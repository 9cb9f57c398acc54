import type { Kysely } from 'kysely';
import type { SiteStatsResponse } from '../../../shared/api/rooms';
import type { Database } from '../../db/schema';
import { statsRepository } from '../../db/repositories/stats.repository';

/** How long one count is reused: the home page tiles need not be exact to the second. */
export const STATS_TTL_MS = 5_000;

/** The home page's tiles (rooms, members, messages), counted at most every few seconds. */
export function createSiteStatsService(deps: { db: Kysely<Database>; now: () => number }) {
  let cached: { at: number; value: SiteStatsResponse } | undefined;
  return {
    async current(): Promise<SiteStatsResponse> {
      const t = deps.now();
      if (!cached || t - cached.at >= STATS_TTL_MS || t < cached.at) {
        cached = { at: t, value: await statsRepository(deps.db).countSite() };
      }
      return cached.value;
    },
  };
}

export type SiteStatsService = ReturnType<typeof createSiteStatsService>;
