import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { accountsRepository } from '../../../db/repositories/accounts.repository';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { presentMe } from './me.presenter';

export async function meRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const accounts = accountsRepository(ctx.database.db);

  app.get('/api/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { userId } = requireAuth(request);
    const profile = await accounts.findById(userId);
    if (!profile) throw apiErrors.unauthorized();
    return presentMe(profile);
  });
}
