import type { FastifyInstance } from 'fastify';
import type { SiteConfigDto } from '../../../../shared/api/auth';
import type { RouteDeps } from '../../route-deps';

/** GET /api/config: the public facts the browser needs about this deployment. */
export async function siteRoutes(app: FastifyInstance, { config, github }: RouteDeps): Promise<void> {
  const body: SiteConfigDto = {
    publicUrl: config.publicUrl,
    githubMode: github.mode,
    githubWebUrl: github.webUrl,
  };
  app.get('/api/config', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return body;
  });
}
