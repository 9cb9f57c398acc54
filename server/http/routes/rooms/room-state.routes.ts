import type { FastifyInstance } from 'fastify';
import { roomStateQuery } from '../../../../shared/api/room-state.schemas';
import type { RouteDeps } from '../../route-deps';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomStateContracts } from './room-state.contracts';
import { roomIdOf } from './rooms.routes';

/** The room screen's snapshot: one request, one sequence number. */
export async function roomStateRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  app.get('/api/rooms/:roomId/state', roomStateContracts.state, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const query = parseInput(roomStateQuery, request.query);
    return services.roomState.read(auth.userId, roomId, query);
  });
}
