import type { FastifyInstance } from 'fastify';
import { createIssueBody, createIssueResponse } from '../../../../shared/api/issues.schemas';
import type { CreateIssueResponse } from '../../../../shared/api/issues';
import { roomParams } from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';
import type { RouteDeps } from '../../route-deps';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';
import { roomIdOf } from '../rooms/rooms.routes';

const createIssueContract = contract({
  tag: 'Messages',
  summary: "Open an issue in the room's repository",
  description:
    'With the caller\'s own GitHub token. When `thread_root_id` is given, "{name} opened issue #N" is posted in that thread. A token without the scope to open issues answers 403 with `reason: "scope_needed"`: send the browser to `/api/auth/github/start?scope=issues&returnTo=…` to ask GitHub for it.',
  signedIn: true,
  params: roomParams,
  body: createIssueBody,
  answers: { 201: createIssueResponse },
  errors: {
    400: 'A blank or too long title, or a too long description.',
    403: 'Not a member, the token lacks the scope (`scope_needed`), or GitHub refuses the person (`no_permission`).',
    404: 'No such room, or GitHub does not show the repository to the person.',
    409: 'Issues are disabled for the repository (`issues_disabled`).',
    429: "GitHub's rate limit is reached.",
    503: 'GitHub is unavailable.',
  },
});

/** "Create issue" from a message or a thread. */
export async function createIssueRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  app.post('/api/rooms/:roomId/issues', createIssueContract, async (request, reply) => {
    const auth = requireAuth(request);
    const roomId = roomIdOf(request.params);
    const input = parseInput(createIssueBody, request.body);
    const created = await services.issues.create(auth.userId, roomId, input);
    return reply.status(201).send(created satisfies CreateIssueResponse);
  });
}
