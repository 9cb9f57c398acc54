import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { createSiteStatsService } from '../../../services/stats/site-stats.service';

export async function statsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const stats = createSiteStatsService({ db: ctx.database.db, now: ctx.now });
  app.get('/api/stats', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=5');
    return stats.current();
  });
}
