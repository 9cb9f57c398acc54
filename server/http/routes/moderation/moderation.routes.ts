import type { FastifyInstance } from 'fastify';
import {
  banBody,
  memberParams,
  messageParams,
  muteBody,
  slowModeBody,
  topicBody,
} from '../../../../shared/api/rooms.schemas';
import type {
  BansResponse,
  MuteResponse,
  PinsResponse,
  SlowModeResponse,
  TopicResponse,
} from '../../../../shared/api/rooms';
import { MESSAGE_NOT_FOUND } from '../../../errors';
import { isUuid } from '../../../../shared/text';
import { NOT_IN_ROOM } from '../../../services/moderation/moderation.service';
import type { RouteDeps } from '../../route-deps';
import { moderationContracts } from './moderation.contracts';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';

/** What moderators do to the people of their room. Every rule is the moderation service's. */
export async function moderationRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { moderation, pins } = services;

  app.get('/api/rooms/:roomId/pins', moderationContracts.pins, async (request) => {
    const auth = requireAuth(request);
    return (await pins.list(auth.userId, roomIdOf(request.params))) satisfies PinsResponse;
  });

  app.post('/api/messages/:messageId/pin', moderationContracts.pin, async (request, reply) => {
    const auth = requireAuth(request);
    await pins.pin(auth.userId, pinnedMessageIdOf(request.params));
    return reply.status(204).send();
  });

  app.delete('/api/messages/:messageId/pin', moderationContracts.unpin, async (request, reply) => {
    const auth = requireAuth(request);
    await pins.unpin(auth.userId, pinnedMessageIdOf(request.params));
    return reply.status(204).send();
  });

  app.post('/api/rooms/:roomId/mutes', moderationContracts.mute, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(muteBody, request.body);
    return (await moderation.mute(auth.userId, roomId, userIdOf(body.user_id), body.duration)) satisfies MuteResponse;
  });

  app.delete('/api/rooms/:roomId/mutes/:userId', moderationContracts.unmute, async (request, reply) => {
    const auth = requireAuth(request);
    const { roomId, userId } = parseInput(memberParams, request.params);
    await moderation.unmute(auth.userId, roomIdOf({ roomId }), userIdOf(userId));
    return reply.status(204).send();
  });

  app.put('/api/rooms/:roomId/slow-mode', moderationContracts.slowMode, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const { seconds } = parseInput(slowModeBody, request.body);
    return (await moderation.setSlowMode(auth.userId, roomId, seconds)) satisfies SlowModeResponse;
  });

  app.put('/api/rooms/:roomId/topic', moderationContracts.topic, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const { topic } = parseInput(topicBody, request.body);
    return (await moderation.setTopic(auth.userId, roomId, topic)) satisfies TopicResponse;
  });

  app.get('/api/rooms/:roomId/bans', moderationContracts.bans, async (request) => {
    const auth = requireAuth(request);
    return (await moderation.bans(auth.userId, roomIdOf(request.params))) satisfies BansResponse;
  });

  app.post('/api/rooms/:roomId/bans', moderationContracts.ban, async (request, reply) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(banBody, request.body);
    await moderation.ban(auth.userId, roomId, userIdOf(body.user_id));
    return reply.status(204).send();
  });

  app.delete('/api/rooms/:roomId/bans/:userId', moderationContracts.unban, async (request, reply) => {
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

function pinnedMessageIdOf(params: unknown): string {
  const { messageId } = parseInput(messageParams, params);
  if (!isUuid(messageId)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
  return messageId;
}
