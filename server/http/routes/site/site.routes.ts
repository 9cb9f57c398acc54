import type { FastifyInstance } from 'fastify';
import type { SiteConfigDto } from '../../../../shared/api/auth';
import type { AppContext } from '../../../context';

/** GET /api/config: the public facts the browser needs about this deployment. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const body: SiteConfigDto = {
    publicUrl: ctx.config.publicUrl,
    githubMode: ctx.github.mode,
    githubWebUrl: ctx.github.webUrl,
  };
  app.get('/api/config', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return body;
  });
}
