import type { Kysely } from 'kysely';
import {
  ACTIVITY_PAGE_SIZE,
  parseActivityKinds,
  type ActivityKind,
  type RepoActivityDto,
  type RoomActivityListResponse,
} from '../../../shared/api/repo-activity';
import { repositoryActivityRepository } from '../../db/repositories/repository-activity.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { domainErrors, MODERATORS_ONLY } from '../../errors';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { decodeFact } from '../room-events/room-event-facts';

export interface RoomActivityServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  roles: MemberRolesService;
  limits: ChatRateLimits;
}

/** The room's setting of what activity it shows, its stored rows, and adding new ones. */
export function createRoomActivityService({ db, changes, roles, limits }: RoomActivityServiceDeps) {
  return {
    /** The room's newest activity rows (oldest first) and its setting; anyone who may read the room. */
    async list(roomId: string): Promise<RoomActivityListResponse> {
      const room = await roomsRepository(db).findById(roomId);
      if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
      const rows = await repositoryActivityRepository(db).listActivityEvents(roomId, ACTIVITY_PAGE_SIZE);
      const activity = rows
        .map((row) => decodeFact('repo.activity', row.payload))
        .flatMap((fact) => (fact.type === 'repo.activity' ? [fact.activity] : []))
        .reverse();
      return { kinds: parseActivityKinds(room.activity_kinds), activity };
    },

    /** A moderator chooses the kinds shown (none: Off); the same choice again changes nothing. */
    async setKinds(moderatorId: string, roomId: string, kinds: ActivityKind[]): Promise<{ kinds: ActivityKind[] }> {
      if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
      if (!(await roles.isModerator(roomId, moderatorId))) throw domainErrors.forbidden(MODERATORS_ONLY);
      await limits.moderate(moderatorId);
      const chosen = parseActivityKinds(kinds.join(','));
      await changes.commit(roomId, async (trx) => {
        const room = await roomsRepository(trx).findById(roomId);
        if (!room || room.activity_kinds === chosen.join(',')) return { result: undefined, events: [] };
        await repositoryActivityRepository(trx).setKinds(roomId, chosen.join(','));
        return { result: undefined, events: [{ type: 'room.activity_changed', kinds: chosen }] };
      });
      return { kinds: chosen };
    },

    /** New rows of the repository's activity, in the room's sequence, filtered by its setting at commit. */
    async record(roomId: string, activity: RepoActivityDto[]): Promise<number> {
      if (activity.length === 0) return 0;
      return changes.commit(roomId, async (trx) => {
        const room = await roomsRepository(trx).findById(roomId);
        const shown = new Set(parseActivityKinds(room?.activity_kinds ?? ''));
        const kept = activity.filter((row) => shown.has(row.kind));
        return { result: kept.length, events: kept.map((row) => ({ type: 'repo.activity' as const, activity: row })) };
      });
    },
  };
}

export type RoomActivityService = ReturnType<typeof createRoomActivityService>;
