import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../route-deps';
import { apiErrors } from '../errors';
import { readSessionToken } from '../session-cookie';

export interface RequestAuth {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    auth: RequestAuth | null;
  }
}

/** Resolves the session cookie on every /api request (and the WebSocket upgrade). */
export function registerAuthentication(app: FastifyInstance, { config, services }: RouteDeps): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws')) return;
    const token = readSessionToken(request, config);
    if (!token) return;
    const session = await services.sessions.resolve(token);
    if (session) request.auth = { userId: session.userId, sessionId: session.id };
  });
}

/** Use in handlers that need a signed-in user. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw apiErrors.unauthorized();
  return request.auth;
}
