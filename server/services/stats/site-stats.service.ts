import type { Kysely } from 'kysely';
import type { SiteStatsResponse } from '../../../shared/api/rooms';
import type { Database } from '../../db/schema';
import { statsRepository } from '../../db/repositories/stats.repository';

/** How long one count is reused: the home page tiles need not be exact to the second. */
export const STATS_TTL_MS = 5_000;

/**
 * The home page's tiles (rooms, members, messages). The counts are reused for a few seconds only
 * while nothing has changed: a cheap fingerprint of the rooms (their number and sequences) is
 * read first, so someone who just joined or wrote sees it counted on their next load.
 */
export function createSiteStatsService(deps: { db: Kysely<Database>; now: () => number }) {
  let cached: { at: number; fingerprint: string; value: SiteStatsResponse } | undefined;
  return {
    async current(): Promise<SiteStatsResponse> {
      const t = deps.now();
      const stats = statsRepository(deps.db);
      const fingerprint = await stats.fingerprint();
      if (!cached || cached.fingerprint !== fingerprint || t - cached.at >= STATS_TTL_MS || t < cached.at) {
        cached = { at: t, fingerprint, value: await stats.countSite() };
      }
      return cached.value;
    },
  };
}

export type SiteStatsService = ReturnType<typeof createSiteStatsService>;
