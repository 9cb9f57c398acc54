import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps';

export async function statsRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const stats = services.siteStats;
  app.get('/api/stats', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=5');
    return stats.current();
  });
}
