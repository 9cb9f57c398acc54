import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../route-deps';
import type { Caller, DiscoveryResult } from '../../../services/discovery/discovery.service';
import { UpstreamRefusedError } from '../../../github/github-services';
import { apiErrors } from '../../errors';
import { limitVisitors, visitorLimitMessage, VISITOR_RATES } from '../../middleware/visitor-rate-limit';
import { parseInput } from '../../parse';
import { filtersQuerySchema, searchQuerySchema } from '../../../../shared/api/discovery.schemas';
import { discoveryContracts } from './discovery.contracts';

/** Lists are the same for everyone: browsers may keep them briefly. */
export const DISCOVERY_CACHE_CONTROL = 'public, max-age=30';

export async function discoveryRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const discovery = services.discovery;
  const limit = (name: string, rate = VISITOR_RATES.list) => ({
    onRequest: limitVisitors(services.rateLimiter, `discovery-${name}`, rate),
  });

  /**
   * Who asks: a signed-out visitor spends their own share of the visitors' search pool. A query
   * refused because that share is spent answers 429 (the visitor's own limit), not the 503 of an
   * empty pool; answers already cached are served either way.
   */
  const asking = async (
    request: FastifyRequest,
    list: (caller: Caller) => Promise<DiscoveryResult>,
  ): Promise<DiscoveryResult> => {
    if (request.auth) return list({ visitor: false });
    const allowance = services.visitorSearchShare.allowance(request.ip);
    try {
      return await list({ visitor: true, upstream: allowance });
    } catch (error) {
      const seconds = allowance.refusedForSeconds();
      if (error instanceof UpstreamRefusedError && seconds > 0) {
        throw apiErrors.rateLimited(visitorLimitMessage(seconds), seconds);
      }
      throw error;
    }
  };

  const send = (reply: FastifyReply, result: DiscoveryResult) => {
    // A placeholder answered during a GitHub failure must not outlive the failure.
    reply.header('Cache-Control', result.complete ? DISCOVERY_CACHE_CONTROL : 'no-store');
    return reply.send(result.body);
  };

  app.get(
    '/api/discovery/trending',
    { ...limit('trending'), ...discoveryContracts.trending },
    async (request, reply) => {
      const filters = parseInput(filtersQuerySchema, request.query);
      return send(reply, await asking(request, (caller) => discovery.trending(filters, caller)));
    },
  );

  app.get('/api/discovery/recent', { ...limit('recent'), ...discoveryContracts.recent }, async (request, reply) => {
    const filters = parseInput(filtersQuerySchema, request.query);
    return send(reply, await asking(request, (caller) => discovery.recent(filters, caller)));
  });

  app.get('/api/discovery/active', { ...limit('active'), ...discoveryContracts.active }, async (request, reply) => {
    const filters = parseInput(filtersQuerySchema, request.query);
    const result = await discovery.active(filters);
    // Room activity changes by the second: not worth caching in the browser.
    reply.header('Cache-Control', 'no-store');
    return reply.send(result.body);
  });

  app.get(
    '/api/discovery/search',
    { ...limit('search', VISITOR_RATES.search), ...discoveryContracts.search },
    async (request, reply) => {
      const { q, page } = parseInput(searchQuerySchema, request.query);
      const filters = parseInput(filtersQuerySchema, request.query);
      return send(reply, await asking(request, (caller) => discovery.search(q, filters, page, caller)));
    },
  );
}
