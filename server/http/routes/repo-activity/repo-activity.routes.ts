import type { FastifyInstance } from 'fastify';
import { roomActivityBody } from '../../../../shared/api/repo-activity.schemas';
import type { RoomActivityListResponse } from '../../../../shared/api/repo-activity';
import type { RouteDeps } from '../../route-deps';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';
import { repoActivityContracts } from './repo-activity.contracts';

/** The repository's activity rows of a room and the moderators' choice of what it shows. */
export async function repoActivityRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  app.get('/api/rooms/:roomId/activity', repoActivityContracts.list, async (request) => {
    requireAuth(request);
    return (await services.roomActivity.list(roomIdOf(request.params))) satisfies RoomActivityListResponse;
  });

  app.put('/api/rooms/:roomId/activity', repoActivityContracts.set, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const { kinds } = parseInput(roomActivityBody, request.body);
    return services.roomActivity.setKinds(auth.userId, roomId, kinds);
  });
}
