import type { FastifyInstance } from 'fastify';
import { joinRoomBody, myRoomsQuery, roomActivityQuery, roomParams } from '../../../../shared/api/rooms.schemas';
import type { RoomActivityResponse } from '../../../../shared/api/rooms';
import { isUuid } from '../../../../shared/text';
import type { RouteDeps } from '../../route-deps';
import { roomsContracts } from './rooms.contracts';
import { ROOM_NOT_FOUND } from '../../../services/room-events/room-change';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { limitVisitors, VISITOR_RATES } from '../../middleware/visitor-rate-limit';
import { parseInput } from '../../parse';

export async function roomsRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { rooms } = services;
  app.post('/api/rooms/join', roomsContracts.joinByName, async (request) => {
    const auth = requireAuth(request);
    const { repoFullName: name } = parseInput(joinRoomBody, request.body);
    return rooms.join(auth.userId, { repoFullName: name });
  });

  app.post('/api/rooms/:roomId/join', roomsContracts.joinById, async (request) => {
    const auth = requireAuth(request);
    return rooms.join(auth.userId, { roomId: roomIdOf(request.params) });
  });

  app.post('/api/rooms/:roomId/leave', roomsContracts.leave, async (request, reply) => {
    const auth = requireAuth(request);
    await rooms.leave(auth.userId, roomIdOf(request.params));
    return reply.status(204).send();
  });

  app.get('/api/rooms/activity', roomsContracts.activity, async (request, reply) => {
    const { repos } = parseInput(roomActivityQuery, request.query);
    const counts = await rooms.activeMemberCounts(repos);
    const activity: RoomActivityResponse['activity'] = {};
    for (const repo of repos) {
      const row = counts.get(repo.toLowerCase());
      if (row) activity[repo] = { room_id: row.room_id, active_members: row.active_members };
    }
    reply.header('Cache-Control', 'public, max-age=5');
    return { activity } satisfies RoomActivityResponse;
  });

  const onRequest = limitVisitors(services.rateLimiter, 'room', VISITOR_RATES.room);
  app.get('/api/rooms/:roomId', { ...roomsContracts.details, onRequest }, async (request) => {
    return rooms.details(request.auth?.userId ?? null, roomIdOf(request.params));
  });

  app.get('/api/rooms/:roomId/members', roomsContracts.members, async (request) => {
    const auth = requireAuth(request);
    return rooms.members(auth.userId, roomIdOf(request.params));
  });

  app.get('/api/me/rooms', roomsContracts.mine, async (request) => {
    const auth = requireAuth(request);
    const { limit } = parseInput(myRoomsQuery, request.query);
    return rooms.myRooms(auth.userId, limit);
  });
}

/** Room ids are UUIDs; anything else cannot name a room. */
export function roomIdOf(params: unknown): string {
  const { roomId } = parseInput(roomParams, params);
  if (!isUuid(roomId)) throw apiErrors.notFound(ROOM_NOT_FOUND);
  return roomId;
}
