import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';

export async function meRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const meService = services.me;

  app.get('/api/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { userId } = requireAuth(request);
    const me = await meService.me(userId);
    if (!me) throw apiErrors.unauthorized();
    return me;
  });
}
