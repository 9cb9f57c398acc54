import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RoomActivityResponse } from '../../../../shared/api/rooms';
import { isUuid } from '../../../../shared/text';
import { MY_ROOMS_LIMIT_MAX } from '../../../../shared/limits';
import type { AppContext } from '../../../context';
import { ROOM_NOT_FOUND } from '../../../services/room-events/room-change';
import {
  activeMemberCounts,
  joinRoom,
  leaveRoom,
  myRooms,
  roomDetails,
  roomMembers,
} from '../../../services/rooms/rooms.service';
import { apiErrors } from '../../errors';
import { requireAuth } from '../../middleware/authentication';
import { parseInput } from '../../parse';

/** GitHub owner/name: letters, digits, '.', '-' and '_' on both sides of one slash. */
export const REPO_FULL_NAME = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
const INVALID_REPO = 'Repository must be written as owner/name';

const repoFullName = z
  .string({ error: INVALID_REPO })
  .trim()
  .max(140, 'Repository name is too long')
  .regex(REPO_FULL_NAME, INVALID_REPO)
  .refine((v) => v.split('/').every((part) => part !== '.' && part !== '..'), INVALID_REPO);

const joinBody = z.object({ repoFullName });
const roomParams = z.object({ roomId: z.string() });
const myRoomsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MY_ROOMS_LIMIT_MAX).default(12),
});
const activityQuery = z.object({
  repos: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(repoFullName).max(100, 'At most 100 repositories at a time')),
});

export async function roomsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/rooms/join', async (request) => {
    const auth = requireAuth(request);
    const { repoFullName: name } = parseInput(joinBody, request.body);
    return joinRoom(ctx, auth.userId, { repoFullName: name });
  });

  app.post('/api/rooms/:roomId/join', async (request) => {
    const auth = requireAuth(request);
    return joinRoom(ctx, auth.userId, { roomId: roomIdOf(request.params) });
  });

  app.post('/api/rooms/:roomId/leave', async (request, reply) => {
    const auth = requireAuth(request);
    await leaveRoom(ctx, auth.userId, roomIdOf(request.params));
    return reply.status(204).send();
  });

  app.get('/api/rooms/activity', async (request, reply) => {
    const { repos } = parseInput(activityQuery, request.query);
    const counts = await activeMemberCounts(ctx, repos);
    const activity: RoomActivityResponse['activity'] = {};
    for (const repo of repos) {
      const row = counts.get(repo.toLowerCase());
      if (row) activity[repo] = { room_id: row.room_id, active_members: row.active_members };
    }
    reply.header('Cache-Control', 'public, max-age=5');
    return { activity } satisfies RoomActivityResponse;
  });

  app.get('/api/rooms/:roomId', async (request) => {
    const auth = requireAuth(request);
    return roomDetails(ctx, auth.userId, roomIdOf(request.params));
  });

  app.get('/api/rooms/:roomId/members', async (request) => {
    requireAuth(request);
    return roomMembers(ctx, roomIdOf(request.params));
  });

  app.get('/api/me/rooms', async (request) => {
    const auth = requireAuth(request);
    const { limit } = parseInput(myRoomsQuery, request.query);
    return myRooms(ctx, auth.userId, limit);
  });
}

/** Room ids are UUIDs; anything else cannot name a room. */
export function roomIdOf(params: unknown): string {
  const { roomId } = parseInput(roomParams, params);
  if (!isUuid(roomId)) throw apiErrors.notFound(ROOM_NOT_FOUND);
  return roomId;
}
