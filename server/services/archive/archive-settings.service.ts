import type { Kysely } from 'kysely';
import type { ArchiveSettings } from '../../../shared/api/archive';
import { MEMBERS_ONLY_MESSAGE } from '../../../shared/api/archive';
import { membersRepository } from '../../db/repositories/members.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { ChatRoomRow, Database } from '../../db/schema';
import { domainErrors, MODERATORS_ONLY } from '../../errors';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { refusalFor } from '../moderation/bans';
import { logModeration } from '../moderation/moderation-log';
import { ROOM_NOT_FOUND } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';

export function archiveSettingsOf(row: Pick<ChatRoomRow, 'archive_access' | 'archive_indexing'>): ArchiveSettings {
  return {
    access: row.archive_access === 'members' ? 'members' : 'anyone',
    indexing: row.archive_indexing === 'hidden' ? 'hidden' : 'indexed',
  };
}

/**
 * Refuses a reader who is not an active member of a room its moderators opened to members only
 * (`readerId` null: a visitor). Anyone else reads.
 */
export async function refuseIfMembersOnly(
  db: Kysely<Database>,
  roomId: string,
  readerId: string | null,
): Promise<void> {
  const room = await roomsRepository(db).findById(roomId);
  if (!room || room.archive_access !== 'members') return;
  if (readerId !== null && (await membersRepository(db).isActiveMember(roomId, readerId))) return;
  throw domainErrors.forbidden(MEMBERS_ONLY_MESSAGE);
}

/** The room's public archive settings, changed by its moderators; each change goes to the moderation log. */
export function createArchiveSettingsService({
  db,
  now,
  roles,
  limits,
}: {
  db: Kysely<Database>;
  now: () => number;
  roles: Pick<MemberRolesService, 'isModerator'>;
  limits: Pick<ChatRateLimits, 'moderate'>;
}) {
  return {
    async set(moderatorId: string, roomId: string, wanted: Partial<ArchiveSettings>): Promise<ArchiveSettings> {
      if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
      if (!(await roles.isModerator(roomId, moderatorId))) {
        throw await refusalFor(db, roomId, moderatorId, domainErrors.forbidden(MODERATORS_ONLY));
      }
      await limits.moderate(moderatorId);
      // Settings are not room events (no client shows them live): their own transaction, with the log.
      const nowIso = new Date(now()).toISOString();
      return db.transaction().execute(async (trx) => {
        const room = await roomsRepository(trx).findById(roomId);
        if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
        const now = archiveSettingsOf(room);
        const next: ArchiveSettings = {
          access: wanted.access ?? now.access,
          indexing: wanted.indexing ?? now.indexing,
        };
        if (next.access !== now.access) {
          await roomsRepository(trx).setArchiveSettings(roomId, next);
          await logModeration(trx, {
            roomId,
            actorId: moderatorId,
            action: 'room.archive_access_changed',
            detail: next.access,
            at: nowIso,
          });
        }
        if (next.indexing !== now.indexing) {
          await roomsRepository(trx).setArchiveSettings(roomId, next);
          await logModeration(trx, {
            roomId,
            actorId: moderatorId,
            action: 'room.archive_indexing_changed',
            detail: next.indexing,
            at: nowIso,
          });
        }
        return next;
      });
    },
  };
}
