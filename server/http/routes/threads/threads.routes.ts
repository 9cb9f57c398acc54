import type { FastifyInstance } from 'fastify';
import { messageParams } from '../../../../shared/api/rooms.schemas';
import {
  followedThreadsQuery,
  markThreadReadBody,
  questionsQuery,
  threadQuery,
} from '../../../../shared/api/threads.schemas';
import { isUuid } from '../../../../shared/text';
import { MESSAGE_NOT_FOUND } from '../../../errors';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { limitVisitors, VISITOR_RATES } from '../../middleware/visitor-rate-limit';
import { parseInput } from '../../parse';
import type { RouteDeps } from '../../route-deps';
import { roomIdOf } from '../rooms/rooms.routes';
import { threadsContracts } from './threads.contracts';

function messageIdOf(params: unknown): string {
  const { messageId } = parseInput(messageParams, params);
  if (!isUuid(messageId)) throw apiErrors.notFound(MESSAGE_NOT_FOUND);
  return messageId;
}

/** Threads, their answers, a room's questions and the threads one follows. */
export async function threadsRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { threads } = services;

  const onRequest = limitVisitors(services.rateLimiter, 'thread', VISITOR_RATES.room);
  app.get('/api/messages/:messageId/thread', { ...threadsContracts.thread, onRequest }, async (request) => {
    const query = parseInput(threadQuery, request.query);
    return threads.thread(request.auth?.userId ?? null, messageIdOf(request.params), query);
  });

  app.put('/api/messages/:messageId/thread/follow', threadsContracts.follow, async (request) => {
    const auth = requireAuth(request);
    return threads.setFollowing(auth.userId, messageIdOf(request.params), true);
  });

  app.delete('/api/messages/:messageId/thread/follow', threadsContracts.unfollow, async (request) => {
    const auth = requireAuth(request);
    return threads.setFollowing(auth.userId, messageIdOf(request.params), false);
  });

  app.put('/api/messages/:messageId/thread/read', threadsContracts.read, async (request, reply) => {
    const auth = requireAuth(request);
    const messageId = messageIdOf(request.params);
    const { message_id: replyId } = parseInput(markThreadReadBody, request.body);
    await threads.markRead(auth.userId, messageId, replyId);
    return reply.status(204).send();
  });

  app.put('/api/messages/:messageId/answer', threadsContracts.markAnswer, async (request) => {
    const auth = requireAuth(request);
    return threads.markAnswer(auth.userId, messageIdOf(request.params));
  });

  app.delete('/api/messages/:messageId/answer', threadsContracts.unmarkAnswer, async (request) => {
    const auth = requireAuth(request);
    return threads.unmarkAnswer(auth.userId, messageIdOf(request.params));
  });

  app.get('/api/rooms/:roomId/questions', threadsContracts.questions, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const query = parseInput(questionsQuery, request.query);
    return threads.questions(auth.userId, roomId, query);
  });

  app.get('/api/me/threads', threadsContracts.followed, async (request) => {
    const auth = requireAuth(request);
    return threads.followed(auth.userId, parseInput(followedThreadsQuery, request.query).limit);
  });
}
