import type { FastifyInstance } from 'fastify';
import { siteStatsResponse } from '../../../../shared/api/rooms.schemas';
import type { RouteDeps } from '../../route-deps';
import { contract } from '../../contract/route-contract';

export async function statsRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const stats = services.siteStats;
  const statsContract = contract({
    tag: 'Site',
    summary: "The home page's tiles",
    description: 'How many rooms, members and messages the site has.',
    answers: { 200: siteStatsResponse },
  });
  app.get('/api/stats', statsContract, async (_request, reply) => {
    // Never reused by the browser: a full page load right after joining must count the join.
    reply.header('Cache-Control', 'no-cache');
    return stats.current();
  });
}
