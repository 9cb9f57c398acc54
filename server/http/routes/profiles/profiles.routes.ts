import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps';
import { profilesContracts } from './profiles.contracts';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { presentOwnProfile, presentPublicProfile } from '../../../services/profiles/profile.presenter';
import { publicProfileParams, updateProfileBody } from '../../../../shared/api/profiles.schemas';

/** Own profile (read, edit, GitHub sync) and the public profile page's data. */
export async function profilesRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  const { profiles, profileSync: sync, publicProfiles } = services;

  app.get('/api/profile', profilesContracts.own, async (request, reply) => {
    const { userId } = requireAuth(request);
    reply.header('Cache-Control', 'no-store');
    return presentOwnProfile(await profiles.getOwn(userId));
  });

  app.patch('/api/profile', profilesContracts.update, async (request, reply) => {
    const { userId } = requireAuth(request);
    const edit = parseInput(updateProfileBody, request.body);
    reply.header('Cache-Control', 'no-store');
    return presentOwnProfile(await profiles.updateOwn(userId, edit));
  });

  app.post('/api/profile/sync', profilesContracts.sync, async (request, reply) => {
    const { userId } = requireAuth(request);
    await sync.sync(userId);
    reply.header('Cache-Control', 'no-store');
    return presentOwnProfile(await profiles.getOwn(userId));
  });

  app.get('/api/users/:idOrUsername', profilesContracts.public, async (request, reply) => {
    const { idOrUsername } = parseInput(publicProfileParams, request.params);
    // Privacy changes must show at once, so shared caches may not keep this.
    reply.header('Cache-Control', 'no-store');
    return presentPublicProfile(await publicProfiles.find(idOrUsername));
  });
}
