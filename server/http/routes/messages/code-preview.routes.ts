import type { FastifyInstance } from 'fastify';
import { codePreviewQuery, codePreviewResponse } from '../../../../shared/api/code-preview.schemas';
import type { CodePreviewResponse } from '../../../../shared/api/code-preview';
import { roomParams } from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';
import type { RouteDeps } from '../../route-deps';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';

const codePreviewContract = contract({
  tag: 'Messages',
  summary: 'Lines of a file a GitHub link points at',
  description:
    "For a message's link `https://github.com/{owner}/{repo}/blob/{ref}/{path}#L10-L20` (or `#L10`): at most 30 lines from the file, read through the site's GitHub cache (a commit SHA for good, a branch or tag for the cache lifetime), out of the room's hourly allowance for GitHub references.",
  signedIn: true,
  params: roomParams,
  querystring: codePreviewQuery,
  answers: { 200: codePreviewResponse },
  errors: {
    400: 'No url.',
    404: "No such room, not a link to lines of a file, or a file that cannot be shown (missing, binary, too large, GitHub's quota).",
  },
});

/** Code previews under messages. */
export async function codePreviewRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  app.get('/api/rooms/:roomId/code-preview', codePreviewContract, async (request) => {
    requireAuth(request);
    const roomId = roomIdOf(request.params);
    const { url } = parseInput(codePreviewQuery, request.query);
    return (await services.codePreviews.preview(roomId, url)) satisfies CodePreviewResponse;
  });
}
