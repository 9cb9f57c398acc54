import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps';
import { RepositoryLookupError } from '../../../services/discovery/repository-details.service';
import { ApiError, apiErrors } from '../../errors';
import { limitVisitors, VISITOR_RATES } from '../../middleware/visitor-rate-limit';
import { parseInput } from '../../parse';
import { goodFirstIssuesQuerySchema, repoParamsSchema } from '../../../../shared/api/repositories.schemas';
import { reposContracts } from './repos.contracts';

const CACHE_CONTROL = 'public, max-age=30';

export async function reposRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const repositories = services.repositoryDetails;

  const limit = (route: string) => ({
    onRequest: limitVisitors(services.rateLimiter, route, VISITOR_RATES.repository),
  });

  app.get('/api/repos/:owner/:name', { ...limit('repository'), ...reposContracts.details }, async (request, reply) => {
    const { owner, name } = parseInput(repoParamsSchema, request.params);
    try {
      const details = await repositories.details(`${owner}/${name}`, { visitor: !request.auth });
      reply.header('Cache-Control', CACHE_CONTROL);
      return reply.send(details);
    } catch (error) {
      if (error instanceof RepositoryLookupError) {
        if (error.kind === 'not_found') throw apiErrors.notFound(error.message);
        throw new ApiError(503, 'upstream_unavailable', error.message);
      }
      throw error;
    }
  });

  app.get(
    '/api/repos/:owner/:name/good-first-issues',
    { ...limit('good-first-issues'), ...reposContracts.goodFirstIssues },
    async (request, reply) => {
      const { owner, name } = parseInput(repoParamsSchema, request.params);
      const { limit: count } = parseInput(goodFirstIssuesQuerySchema, request.query);
      const { issues, complete, upstream_problem } = await repositories.goodFirstIssues(`${owner}/${name}`, count, {
        visitor: !request.auth,
      });
      reply.header('Cache-Control', complete ? CACHE_CONTROL : 'no-store');
      return reply.send(upstream_problem ? { issues, upstream_problem } : { issues });
    },
  );
}
