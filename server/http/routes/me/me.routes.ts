import type { FastifyInstance } from 'fastify';
import { meDto } from '../../../../shared/api/auth.schemas';
import type { RouteDeps } from '../../route-deps';
import { contract } from '../../contract/route-contract';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';

export async function meRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const meService = services.me;

  const meContract = contract({
    tag: 'Profiles',
    summary: 'Who is signed in',
    signedIn: true,
    answers: { 200: meDto },
  });
  app.get('/api/me', meContract, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { userId } = requireAuth(request);
    const me = await meService.me(userId);
    if (!me) throw apiErrors.unauthorized();
    return me;
  });
}
