import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { createMeService } from '../../../services/auth/me.service';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';

export async function meRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const meService = createMeService(ctx.database.db);

  app.get('/api/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { userId } = requireAuth(request);
    const me = await meService.me(userId);
    if (!me) throw apiErrors.unauthorized();
    return me;
  });
}
