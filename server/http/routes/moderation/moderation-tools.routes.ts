import type { FastifyInstance } from 'fastify';
import {
  USER_NOT_FOUND,
  type IgnoredUsersResponse,
  type ModerationLogResponse,
  type ReportsCountResponse,
  type ReportsResponse,
} from '../../../../shared/api/moderation-tools';
import { messageParams, moderationLogQuery, reportBody, userParams } from '../../../../shared/api/rooms.schemas';
import { isUuid } from '../../../../shared/text';
import { MESSAGE_NOT_FOUND } from '../../../errors';
import type { RouteDeps } from '../../route-deps';
import { moderationToolsContracts } from './moderation-tools.contracts';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';

/** The moderation log, reports of messages and the people a user ignores. */
export async function moderationToolsRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { moderation, reports, ignores } = services;

  app.get('/api/rooms/:roomId/moderation-log', moderationToolsContracts.log, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const query = parseInput(moderationLogQuery, request.query);
    return (await moderation.log(auth.userId, roomId, query)) satisfies ModerationLogResponse;
  });

  app.post('/api/messages/:messageId/reports', moderationToolsContracts.report, async (request, reply) => {
    const auth = requireAuth(request);
    const messageId = messageIdOf(request.params);
    const body = parseInput(reportBody, request.body);
    await reports.report(auth.userId, messageId, body);
    return reply.status(204).send();
  });

  app.post('/api/messages/:messageId/reports/dismiss', moderationToolsContracts.dismiss, async (request, reply) => {
    const auth = requireAuth(request);
    await reports.dismiss(auth.userId, messageIdOf(request.params));
    return reply.status(204).send();
  });

  app.get('/api/rooms/:roomId/reports', moderationToolsContracts.reports, async (request) => {
    const auth = requireAuth(request);
    return (await reports.list(auth.userId, roomIdOf(request.params))) satisfies ReportsResponse;
  });

  app.get('/api/rooms/:roomId/reports/count', moderationToolsContracts.reportsCount, async (request) => {
    const auth = requireAuth(request);
    return (await reports.count(auth.userId, roomIdOf(request.params))) satisfies ReportsCountResponse;
  });

  app.get('/api/me/ignored', moderationToolsContracts.ignored, async (request) => {
    const auth = requireAuth(request);
    return (await ignores.list(auth.userId)) satisfies IgnoredUsersResponse;
  });

  app.put('/api/me/ignored/:userId', moderationToolsContracts.ignore, async (request, reply) => {
    const auth = requireAuth(request);
    await ignores.ignore(auth.userId, ignoredUserIdOf(request.params));
    return reply.status(204).send();
  });

  app.delete('/api/me/ignored/:userId', moderationToolsContracts.unignore, async (request, reply) => {
    const auth = requireAuth(request);
    await ignores.unignore(auth.userId, ignoredUserIdOf(request.params));
    return reply.status(204).send();
  });
}

function messageIdOf(params: unknown): string {
  const { messageId } = parseInput(messageParams, params);
  if (!isUuid(messageId)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
  return messageId;
}

function ignoredUserIdOf(params: unknown): string {
  const { userId } = parseInput(userParams, params);
  if (!isUuid(userId)) throw apiErrors.notFound(USER_NOT_FOUND);
  return userId;
}
