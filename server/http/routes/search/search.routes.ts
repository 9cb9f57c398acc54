import type { FastifyInstance } from 'fastify';
import type { SearchMessagesResponse } from '../../../../shared/api/search';
import { searchMessagesQuery } from '../../../../shared/api/search.schemas';
import type { RouteDeps } from '../../route-deps';
import { searchContracts } from './search.contracts';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';

/** Message search: one room (`room_id`) or every room of the signed-in user. */
export async function searchRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  app.get('/api/search/messages', searchContracts.messages, async (request, reply): Promise<SearchMessagesResponse> => {
    reply.header('Cache-Control', 'no-store');
    const { userId } = requireAuth(request);
    const query = parseInput(searchMessagesQuery, request.query);
    return services.messageSearch.search(userId, query);
  });
}
