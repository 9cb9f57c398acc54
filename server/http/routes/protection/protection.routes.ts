import type { FastifyInstance } from 'fastify';
import {
  HELD_MESSAGE_NOT_FOUND,
  type HeldMessagesResponse,
  type ProtectionSettingsDto,
} from '../../../../shared/api/protection';
import { heldMessageParams, protectionBody } from '../../../../shared/api/protection.schemas';
import type { MessageResponse } from '../../../../shared/api/rooms';
import { isUuid } from '../../../../shared/text';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import type { RouteDeps } from '../../route-deps';
import { roomIdOf } from '../rooms/rooms.routes';
import { protectionContracts } from './protection.contracts';

/** A room's protection from spam and the messages it holds. Every rule is the services'. */
export async function protectionRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { protection, heldMessages } = services;

  app.get('/api/rooms/:roomId/protection', protectionContracts.settings, async (request) => {
    const auth = requireAuth(request);
    return (await protection.settings(auth.userId, roomIdOf(request.params))) satisfies ProtectionSettingsDto;
  });

  app.put('/api/rooms/:roomId/protection', protectionContracts.setSettings, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(protectionBody, request.body);
    return (await protection.setSettings(auth.userId, roomId, body)) satisfies ProtectionSettingsDto;
  });

  app.get('/api/rooms/:roomId/held-messages', protectionContracts.held, async (request) => {
    const auth = requireAuth(request);
    return (await heldMessages.list(auth.userId, roomIdOf(request.params))) satisfies HeldMessagesResponse;
  });

  app.post('/api/held-messages/:heldId/approve', protectionContracts.approve, async (request) => {
    const auth = requireAuth(request);
    return { message: await heldMessages.approve(auth.userId, heldIdOf(request.params)) } satisfies MessageResponse;
  });

  app.post('/api/held-messages/:heldId/reject', protectionContracts.reject, async (request, reply) => {
    const auth = requireAuth(request);
    await heldMessages.reject(auth.userId, heldIdOf(request.params));
    return reply.status(204).send();
  });
}

function heldIdOf(params: unknown): string {
  const { heldId } = parseInput(heldMessageParams, params);
  if (!isUuid(heldId)) throw apiErrors.notFound(HELD_MESSAGE_NOT_FOUND);
  return heldId;
}
