import type { FastifyInstance } from 'fastify';
import { markReadBody } from '../../../../shared/api/rooms.schemas';
import type { MarkReadResponse, UnreadSummaryResponse } from '../../../../shared/api/read-state';
import type { MentionsPageResponse, NotificationLevelResponse } from '../../../../shared/api/notifications';
import { mentionsQuery, notificationLevelBody } from '../../../../shared/api/notifications.schemas';
import { isUuid } from '../../../../shared/text';
import type { RouteDeps } from '../../route-deps';
import { readStateContracts } from './read-state.contracts';
import { MESSAGE_NOT_FOUND } from '../../../errors';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';
import { sendSharedAnswer } from '../../shared-answer';

/**
 * Unread counts of the signed-in user's rooms, their mentions, how they hear about a room, and
 * moving their read position in one room.
 */
export async function readStateRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const readState = services.readState;

  app.get('/api/me/unread', readStateContracts.unread, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { userId } = requireAuth(request);
    // Asked again while nothing changed, the user's summary is the same answer.
    const summary: UnreadSummaryResponse = await readState.summary(userId);
    return sendSharedAnswer(request, reply, summary);
  });

  app.get('/api/me/mentions', readStateContracts.mentions, async (request, reply): Promise<MentionsPageResponse> => {
    reply.header('Cache-Control', 'no-store');
    const { userId } = requireAuth(request);
    return readState.mentions(userId, parseInput(mentionsQuery, request.query));
  });

  app.put(
    '/api/rooms/:roomId/notifications',
    readStateContracts.notificationLevel,
    async (request): Promise<NotificationLevelResponse> => {
      const { userId } = requireAuth(request);
      const roomId = roomIdOf(request.params);
      const { level } = parseInput(notificationLevelBody, request.body);
      return readState.setNotificationLevel(userId, roomId, level);
    },
  );

  app.put('/api/rooms/:roomId/read', readStateContracts.markRead, async (request): Promise<MarkReadResponse> => {
    const { userId } = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const { message_id: messageId } = parseInput(markReadBody, request.body);
    if (!isUuid(messageId)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
    return readState.markRead(userId, roomId, messageId);
  });
}
