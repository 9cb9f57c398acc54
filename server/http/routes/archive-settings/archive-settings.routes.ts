import type { FastifyInstance } from 'fastify';
import { archiveSettingsBody, archiveSettingsDto } from '../../../../shared/api/archive.schemas';
import { roomParams } from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import type { RouteDeps } from '../../route-deps';
import { MODERATION_LIMIT } from '../moderation/moderation.contracts';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';
import { roomIdOf } from '../rooms/rooms.routes';

const settingsContract = contract({
  tag: 'Moderation',
  summary: "Set the room's public archive (moderators)",
  description:
    "\"Public archive\": 'anyone' (visitors and non-members read the room and its archive pages) or 'members' (they see only the repository facts; the archive pages answer 404 and leave the sitemap); 'hidden' keeps the pages readable but sends noindex and leaves the sitemap. Each change is written to the moderation log.",
  signedIn: true,
  params: roomParams,
  body: archiveSettingsBody,
  answers: { 200: archiveSettingsDto },
  errors: {
    400: 'An unknown setting.',
    403: `Not a moderator of the room. ${BANNED_ANSWER}`,
    404: 'No such room.',
    429: MODERATION_LIMIT,
  },
});

export async function archiveSettingsRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  app.put('/api/rooms/:roomId/archive-settings', settingsContract, async (request) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const body = parseInput(archiveSettingsBody, request.body);
    return services.archiveSettings.set(auth.userId, roomId, body);
  });
}
