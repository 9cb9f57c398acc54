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

/** Resolves the session cookie on every /api request, the WebSocket upgrade and served files (/files). */
export function registerAuthentication(app: FastifyInstance, { config, services }: RouteDeps): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/api/') && !url.startsWith('/ws') && !url.startsWith('/files/')) return;
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
