import type { FastifyInstance } from 'fastify';
import {
  editMessageBody,
  messagePageQuery,
  messageParams,
  reactionBody,
  sendMessageBody,
} from '../../../../shared/api/rooms.schemas';
import type { MessageResponse } from '../../../../shared/api/rooms';
import type { HeldMessageResponse } from '../../../../shared/api/protection';
import { isUuid } from '../../../../shared/text';
import type { RouteDeps } from '../../route-deps';
import { messagesContracts } from './messages.contracts';
import { MESSAGE_NOT_FOUND } from '../../../errors';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { limitVisitors, VISITOR_RATES } from '../../middleware/visitor-rate-limit';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';
import { sendSharedAnswer } from '../../shared-answer';

export async function messagesRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { messages, reactions } = services;
  const onRequest = limitVisitors(services.rateLimiter, 'room-messages', VISITOR_RATES.room);
  app.get('/api/rooms/:roomId/messages', { ...messagesContracts.page, onRequest }, async (request, reply) => {
    const roomId = roomIdOf(request.params);
    const query = parseInput(messagePageQuery, request.query);
    if (query.around !== undefined && !isUuid(query.around)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
    // A room's newest page is the same answer for everyone until the room changes.
    return sendSharedAnswer(request, reply, await messages.list(request.auth?.userId ?? null, roomId, query));
  });

  app.post('/api/rooms/:roomId/messages', messagesContracts.send, async (request, reply) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(sendMessageBody, request.body);
    const outcome = await messages.send(auth.userId, roomId, body);
    // Held for the moderators (docs/PRODUCT.md §20): accepted, not published.
    if (outcome.held) return reply.status(202).send({ held: outcome.held } satisfies HeldMessageResponse);
    return reply.status(outcome.created ? 201 : 200).send({ message: outcome.message } satisfies MessageResponse);
  });

  app.patch('/api/messages/:messageId', messagesContracts.edit, async (request) => {
    const auth = requireAuth(request);
    const messageId = messageIdOf(request.params);
    const { content } = parseInput(editMessageBody, request.body);
    return { message: await messages.edit(auth.userId, messageId, content) } satisfies MessageResponse;
  });

  app.delete('/api/messages/:messageId', messagesContracts.delete, async (request, reply) => {
    const auth = requireAuth(request);
    await messages.delete(auth.userId, messageIdOf(request.params));
    return reply.status(204).send();
  });

  app.post('/api/messages/:messageId/remove', messagesContracts.remove, async (request, reply) => {
    const auth = requireAuth(request);
    await messages.remove(auth.userId, messageIdOf(request.params));
    return reply.status(204).send();
  });

  app.post('/api/messages/:messageId/reactions', messagesContracts.react, async (request) => {
    const auth = requireAuth(request);
    const messageId = messageIdOf(request.params);
    const { emoji } = parseInput(reactionBody, request.body);
    return reactions.toggle(auth.userId, messageId, emoji);
  });
}

function messageIdOf(params: unknown): string {
  const { messageId } = parseInput(messageParams, params);
  if (!isUuid(messageId)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
  return messageId;
}
