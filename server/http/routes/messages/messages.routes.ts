import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MessageResponse } from '../../../../shared/api/rooms';
import { isUuid } from '../../../../shared/text';
import type { AppContext } from '../../../context';
import {
  deleteMessage,
  editMessage,
  listMessages,
  MESSAGE_NOT_FOUND,
  sendMessage,
} from '../../../services/messages/messages.service';
import { toggleReaction } from '../../../services/messages/reactions.service';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';

const pageQuery = z
  .object({
    before: z.string().max(200).optional(),
    after: z.string().max(200).optional(),
    around: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => [query.before, query.after, query.around].filter((v) => v !== undefined).length <= 1, {
    message: 'Use at most one of before, after and around',
  });
// Length rules on content are SPEC §5's and checked by validateMessage; this cap only bounds the work.
const sendBody = z.object({
  client_id: z
    .string()
    .trim()
    .min(1, 'client_id is required')
    .max(100, 'client_id is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'client_id may contain letters, digits, - and _'),
  content: z.string().max(20_000, 'Message too long (max 1000 characters)'),
});
const editBody = z.object({
  content: z.string().max(20_000, 'Message too long (max 1000 characters)'),
});
const reactionBody = z.object({ emoji: z.string().max(32) });
const messageParams = z.object({ messageId: z.string() });

export async function messagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/rooms/:roomId/messages', async (request) => {
    requireAuth(request);
    const roomId = roomIdOf(request.params);
    const query = parseInput(pageQuery, request.query);
    if (query.around !== undefined && !isUuid(query.around)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
    return listMessages(ctx, roomId, query);
  });

  app.post('/api/rooms/:roomId/messages', async (request, reply) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(sendBody, request.body);
    const { message, created } = await sendMessage(ctx, auth.userId, roomId, body);
    return reply.status(created ? 201 : 200).send({ message } satisfies MessageResponse);
  });

  app.patch('/api/messages/:messageId', async (request) => {
    const auth = requireAuth(request);
    const messageId = messageIdOf(request.params);
    const { content } = parseInput(editBody, request.body);
    return { message: await editMessage(ctx, auth.userId, messageId, content) } satisfies MessageResponse;
  });

  app.delete('/api/messages/:messageId', async (request, reply) => {
    const auth = requireAuth(request);
    await deleteMessage(ctx, auth.userId, messageIdOf(request.params));
    return reply.status(204).send();
  });

  app.post('/api/messages/:messageId/reactions', async (request) => {
    const auth = requireAuth(request);
    const messageId = messageIdOf(request.params);
    const { emoji } = parseInput(reactionBody, request.body);
    return toggleReaction(ctx, auth.userId, messageId, emoji);
  });
}

function messageIdOf(params: unknown): string {
  const { messageId } = parseInput(messageParams, params);
  if (!isUuid(messageId)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
  return messageId;
}
