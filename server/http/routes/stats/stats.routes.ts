import type { FastifyInstance } from 'fastify';
import type { SiteStatsResponse } from '../../../../shared/api/rooms';
import type { AppContext } from '../../../context';
import { countSite } from '../../../db/repositories/stats.repository';

/** How long one count is reused: the home page tiles need not be exact to the second. */
const STATS_TTL_MS = 5_000;

export async function statsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let cached: { at: number; value: SiteStatsResponse } | undefined;
  app.get('/api/stats', async (_request, reply) => {
    const t = ctx.now();
    if (!cached || t - cached.at >= STATS_TTL_MS || t < cached.at) {
      cached = { at: t, value: await countSite(ctx.database.db) };
    }
    reply.header('Cache-Control', 'public, max-age=5');
    return cached.value;
  });
}
