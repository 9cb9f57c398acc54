import type { FastifyInstance } from 'fastify';
import type { SiteConfigDto } from '../../../../shared/api/auth';
import { siteConfigDto } from '../../../../shared/api/auth.schemas';
import type { RouteDeps } from '../../route-deps';
import { contract } from '../../contract/route-contract';

/** GET /api/config: the public facts the browser needs about this deployment. */
export async function siteRoutes(app: FastifyInstance, { config, github }: RouteDeps): Promise<void> {
  const body: SiteConfigDto = {
    publicUrl: config.publicUrl,
    githubMode: github.mode,
    githubWebUrl: github.webUrl,
  };
  const configContract = contract({
    tag: 'Site',
    summary: 'This deployment',
    description:
      'Its public address and where GitHub is: github.com (or GitHub Enterprise Server), or the built-in emulator.',
    answers: { 200: siteConfigDto },
  });
  app.get('/api/config', configContract, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return body;
  });
}
