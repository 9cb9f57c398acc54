import type { FastifyInstance } from 'fastify';
import { roomStateQuery } from '../../../../shared/api/room-state.schemas';
import type { RouteDeps } from '../../route-deps';
import { limitVisitors, VISITOR_RATES } from '../../middleware/visitor-rate-limit';
import { parseInput } from '../../parse';
import { roomStateContracts } from './room-state.contracts';
import { roomIdOf } from './rooms.routes';

/** The room screen's snapshot: one request, one sequence number; members and readers alike. */
export async function roomStateRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const onRequest = limitVisitors(services.rateLimiter, 'room-state', VISITOR_RATES.room);
  app.get('/api/rooms/:roomId/state', { ...roomStateContracts.state, onRequest }, async (request) => {
    const roomId = roomIdOf(request.params);
    const query = parseInput(roomStateQuery, request.query);
    return services.roomState.read(request.auth?.userId ?? null, roomId, query);
  });
}
