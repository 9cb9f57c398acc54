import type { Kysely } from 'kysely';
import {
  MUTE_DURATIONS,
  type BansResponse,
  type MuteDuration,
  type MuteResponse,
  type SlowModeResponse,
  type SlowModeSeconds,
  type TopicResponse,
} from '../../../shared/api/rooms';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { membersRepository } from '../../db/repositories/members.repository';
import { roomBansRepository } from '../../db/repositories/room-bans.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { domainErrors, MODERATORS_ONLY } from '../../errors';
import { toUserSummaryDto } from '../messages/message.presenter';
import { ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { refusalFor } from './bans';
import type { MemberRolesService } from './member-roles.service';
import { logModeration, readModerationLog } from './moderation-log';
import type { ModerationLogResponse } from '../../../shared/api/moderation-tools';

export const NOT_IN_ROOM = 'That person is not a member of this room';
export const MODERATOR_PROTECTED = 'Moderators cannot do that to another moderator';
export const MAINTAINER_PROTECTED = 'Maintainers of this repository cannot be muted or banned';

export interface ModerationServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  roles: Pick<MemberRolesService, 'isModerator' | 'maintainsRepository'>;
  limits: Pick<ChatRateLimits, 'moderate'>;
  now: () => number;
}

/** What moderators do to people in their room: mutes (and, with them, the room's other sanctions). */
export function createModerationService({ db, changes, roles, limits, now }: ModerationServiceDeps) {
  /** The caller moderates the room (it exists); 404 / 403 otherwise. */
  async function requireModerator(roomId: string, userId: string): Promise<void> {
    if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
    if (!(await roles.isModerator(roomId, userId))) {
      throw await refusalFor(db, roomId, userId, domainErrors.forbidden(MODERATORS_ONLY));
    }
  }

  /** A moderator about to act: checked, then counted against their moderation budget (429 past it). */
  async function requireActingModerator(roomId: string, userId: string): Promise<void> {
    await requireModerator(roomId, userId);
    await limits.moderate(userId);
  }

  /**
   * Nobody mutes or bans someone GitHub gives admin or maintain access to the room's repository
   * (or who owns it): a role equal to or above any moderator's, since that is what makes one. An
   * active moderator is protected by the room's own reading; anyone else is asked about on GitHub
   * (with their own token, through the cache), so a maintainer who left the room, or who got the
   * role since the room last looked, is protected too. When GitHub cannot answer, the room's last
   * reading of them stands.
   */
  async function requireBelowMaintainers(
    roomId: string,
    targetId: string,
    membership: { active: boolean; moderator: boolean },
  ): Promise<void> {
    if (membership.active && membership.moderator) throw domainErrors.forbidden(MODERATOR_PROTECTED);
    const room = await roomsRepository(db).findById(roomId);
    if (!room) throw domainErrors.notFound(ROOM_NOT_FOUND);
    const onGitHub = await roles.maintainsRepository(targetId, room.repo_full_name);
    if (onGitHub ?? membership.moderator) throw domainErrors.forbidden(MAINTAINER_PROTECTED);
  }

  /** The target has been a member of the room (active or not) and is below its maintainers. */
  async function requireBannable(roomId: string, targetId: string): Promise<void> {
    const membership = await membersRepository(db).find(roomId, targetId);
    if (!membership) throw domainErrors.notFound(NOT_IN_ROOM);
    await requireBelowMaintainers(roomId, targetId, {
      active: membership.left_at === null,
      moderator: Boolean(membership.moderator),
    });
  }

  /** The target is an active member, below the repository's maintainers. */
  async function requireSanctionable(roomId: string, targetId: string): Promise<void> {
    const role = await membersRepository(db).findActiveRole(roomId, targetId);
    if (!role) throw domainErrors.notFound(NOT_IN_ROOM);
    await requireBelowMaintainers(roomId, targetId, { active: true, moderator: role.moderator });
  }

  return {
    async mute(moderatorId: string, roomId: string, targetId: string, duration: MuteDuration): Promise<MuteResponse> {
      await requireModerator(roomId, moderatorId);
      await requireSanctionable(roomId, targetId);
      await limits.moderate(moderatorId);
      const mutedUntil = new Date(now() + MUTE_DURATIONS[duration]).toISOString();
      await changes.commit(roomId, async (trx, nowIso) => {
        const members = membersRepository(trx);
        // Re-checked under the room lock: the member may have left meanwhile.
        if (!(await members.findActiveRole(roomId, targetId))) throw domainErrors.notFound(NOT_IN_ROOM);
        await members.setMutedUntil(roomId, targetId, mutedUntil);
        await logModeration(trx, {
          roomId,
          actorId: moderatorId,
          action: 'member.muted',
          targetUserId: targetId,
          detail: duration,
          at: nowIso,
        });
        return { result: undefined, events: [{ type: 'member.muted', user_id: targetId, muted_until: mutedUntil }] };
      });
      return { muted_until: mutedUntil };
    },

    /**
     * Bans someone from the room: their membership ends in the same change (their sockets stop
     * receiving the room after their own member.left) and joining again is refused.
     */
    async ban(moderatorId: string, roomId: string, targetId: string): Promise<void> {
      await requireModerator(roomId, moderatorId);
      if (targetId === moderatorId) throw domainErrors.forbidden(MODERATOR_PROTECTED);
      await requireBannable(roomId, targetId);
      await limits.moderate(moderatorId);
      await changes.commit(roomId, async (trx, nowIso) => {
        const bans = roomBansRepository(trx);
        if (await bans.isBanned(roomId, targetId)) return { result: undefined, events: [] };
        await bans.insert({ room_id: roomId, user_id: targetId, banned_by: moderatorId, created_at: nowIso });
        await logModeration(trx, {
          roomId,
          actorId: moderatorId,
          action: 'member.banned',
          targetUserId: targetId,
          at: nowIso,
        });
        const events: RoomEvent[] = [{ type: 'member.banned', user_id: targetId }];
        if (await membersRepository(trx).markLeft(roomId, targetId, nowIso)) {
          events.push({ type: 'member.left', user_id: targetId });
        }
        return { result: undefined, events };
      });
    },

    /** Lifts a ban (the person may join again); someone not banned is left as is. */
    async unban(moderatorId: string, roomId: string, targetId: string): Promise<void> {
      await requireActingModerator(roomId, moderatorId);
      await changes.commit(roomId, async (trx, nowIso) => {
        const lifted = await roomBansRepository(trx).delete(roomId, targetId);
        if (lifted) {
          await logModeration(trx, {
            roomId,
            actorId: moderatorId,
            action: 'member.unbanned',
            targetUserId: targetId,
            at: nowIso,
          });
        }
        return { result: undefined, events: lifted ? [{ type: 'member.unbanned', user_id: targetId }] : [] };
      });
    },

    /** The room's moderation log, newest first (moderators only). */
    async log(
      moderatorId: string,
      roomId: string,
      request: { before?: string | undefined; limit: number },
    ): Promise<ModerationLogResponse> {
      await requireModerator(roomId, moderatorId);
      return readModerationLog(db, roomId, request);
    },

    /** The room's 'Banned' list, newest first. */
    async bans(moderatorId: string, roomId: string): Promise<BansResponse> {
      await requireModerator(roomId, moderatorId);
      const rows = await roomBansRepository(db).list(roomId);
      return {
        bans: rows.map((row) => ({
          user: toUserSummaryDto(row.user_id, { id: row.user_id, ...row }),
          banned_at: row.created_at,
        })),
      };
    },

    /** Sets the room's slow mode (0 = off); the same value again changes nothing. */
    async setSlowMode(moderatorId: string, roomId: string, seconds: SlowModeSeconds): Promise<SlowModeResponse> {
      await requireActingModerator(roomId, moderatorId);
      await changes.commit(roomId, async (trx, nowIso) => {
        const rooms = roomsRepository(trx);
        const room = await rooms.findById(roomId);
        if (!room || Number(room.slow_mode_seconds) === seconds) return { result: undefined, events: [] };
        await rooms.setSlowMode(roomId, seconds);
        await logModeration(trx, {
          roomId,
          actorId: moderatorId,
          action: 'room.slow_mode_changed',
          detail: String(seconds),
          at: nowIso,
        });
        return { result: undefined, events: [{ type: 'room.slow_mode_changed', slow_mode_seconds: seconds }] };
      });
      return { slow_mode_seconds: seconds };
    },

    /** Sets the room's topic ('' clears it); the same topic again changes nothing. */
    async setTopic(moderatorId: string, roomId: string, topic: string): Promise<TopicResponse> {
      await requireActingModerator(roomId, moderatorId);
      await changes.commit(roomId, async (trx, nowIso) => {
        const rooms = roomsRepository(trx);
        const room = await rooms.findById(roomId);
        if (!room || room.topic === topic) return { result: undefined, events: [] };
        await rooms.setTopic(roomId, topic);
        await logModeration(trx, {
          roomId,
          actorId: moderatorId,
          action: 'room.topic_changed',
          detail: topic,
          at: nowIso,
        });
        return { result: undefined, events: [{ type: 'room.topic_changed', topic }] };
      });
      return { topic };
    },

    /** Lifts a mute; a member who is not muted is left as is (no event). */
    async unmute(moderatorId: string, roomId: string, targetId: string): Promise<void> {
      await requireActingModerator(roomId, moderatorId);
      await changes.commit(roomId, async (trx, nowIso) => {
        const members = membersRepository(trx);
        if ((await members.findMutedUntil(roomId, targetId)) === null) return { result: undefined, events: [] };
        await members.setMutedUntil(roomId, targetId, null);
        await logModeration(trx, {
          roomId,
          actorId: moderatorId,
          action: 'member.unmuted',
          targetUserId: targetId,
          at: nowIso,
        });
        return { result: undefined, events: [{ type: 'member.muted', user_id: targetId, muted_until: null }] };
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
