import type { FastifyInstance } from 'fastify';
import { banBody, memberParams, muteBody } from '../../../../shared/api/rooms.schemas';
import type { BansResponse, MuteResponse } from '../../../../shared/api/rooms';
import { isUuid } from '../../../../shared/text';
import { NOT_IN_ROOM } from '../../../services/moderation/moderation.service';
import type { RouteDeps } from '../../route-deps';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';

/** What moderators do to the people of their room. Every rule is the moderation service's. */
export async function moderationRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { moderation } = services;

  app.post('/api/rooms/:roomId/mutes', async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(muteBody, request.body);
    return (await moderation.mute(auth.userId, roomId, userIdOf(body.user_id), body.duration)) satisfies MuteResponse;
  });

  app.delete('/api/rooms/:roomId/mutes/:userId', async (request, reply) => {
    const auth = requireAuth(request);
    const { roomId, userId } = parseInput(memberParams, request.params);
    await moderation.unmute(auth.userId, roomIdOf({ roomId }), userIdOf(userId));
    return reply.status(204).send();
  });

  app.get('/api/rooms/:roomId/bans', async (request) => {
    const auth = requireAuth(request);
    return (await moderation.bans(auth.userId, roomIdOf(request.params))) satisfies BansResponse;
  });

  app.post('/api/rooms/:roomId/bans', async (request, reply) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(banBody, request.body);
    await moderation.ban(auth.userId, roomId, userIdOf(body.user_id));
    return reply.status(204).send();
  });

  app.delete('/api/rooms/:roomId/bans/:userId', async (request, reply) => {
    const auth = requireAuth(request);
    const { roomId, userId } = parseInput(memberParams, request.params);
    await moderation.unban(auth.userId, roomIdOf({ roomId }), userIdOf(userId));
    return reply.status(204).send();
  });
}

function userIdOf(userId: string): string {
  if (!isUuid(userId)) throw apiErrors.notFound(NOT_IN_ROOM);
  return userId;
}
