import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  accountTooNewMessage,
  ROOM_LOCKED,
  type HeldReason,
  type NewAccountDays,
  type FirstMessagesHeld,
  type ProtectionSettingsDto,
} from '../../../shared/api/protection';
import {
  protectionRepository,
  type ProtectionRow,
  type SendScreeningRow,
} from '../../db/repositories/protection.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { DomainError, domainErrors, MODERATORS_ONLY } from '../../errors';
import type { GitHubApi } from '../../github/github-services';
import { refusalFor } from '../moderation/bans';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { logModeration } from '../moderation/moderation-log';
import { ROOM_NOT_FOUND, type RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { hasLink, judgeSend } from './protection-rules';

export interface ProtectionServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  roles: Pick<MemberRolesService, 'isModerator'>;
  limits: Pick<ChatRateLimits, 'moderate'>;
  github: Pick<GitHubApi, 'listContributors'>;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
}

/** How many contributors GitHub is asked for (one page, through the response cache). */
const CONTRIBUTORS_PAGE = 100;

export function toProtectionDto(row: ProtectionRow): ProtectionSettingsDto {
  return {
    new_account_days: Number(row.new_account_days) as NewAccountDays,
    first_messages_held: Number(row.first_messages_held) as FirstMessagesHeld,
    newcomer_links: Number(row.newcomer_links_held) === 1 ? 'held' : 'allowed',
    locked: Number(row.locked) === 1,
  };
}

function toProtectionRow(dto: ProtectionSettingsDto): ProtectionRow {
  return {
    new_account_days: dto.new_account_days,
    first_messages_held: dto.first_messages_held,
    newcomer_links_held: dto.newcomer_links === 'held' ? 1 : 0,
    locked: dto.locked ? 1 : 0,
  };
}

/** What a send comes out as: published, or held for the room's moderators. */
export type Screening = { kind: 'publish' } | { kind: 'hold'; reason: HeldReason };

/** A room's protection from spam (docs/PRODUCT.md §20): its settings and the judgement of each send. */
export function createProtectionService({ db, changes, roles, limits, github, logger, now }: ProtectionServiceDeps) {
  async function requireModerator(roomId: string, userId: string): Promise<void> {
    if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
    if (!(await roles.isModerator(roomId, userId))) {
      throw await refusalFor(db, roomId, userId, domainErrors.forbidden(MODERATORS_ONLY));
    }
  }

  /** Whether GitHub lists the login among the repository's contributors (cached); false when unsure. */
  async function contributes(repoFullName: string, login: string | null): Promise<boolean> {
    if (!login) return false;
    try {
      const contributors = await github.listContributors(repoFullName, CONTRIBUTORS_PAGE);
      return contributors.some((c) => c.login.toLowerCase() === login.toLowerCase());
    } catch (error) {
      logger.warn({ err: error, repo: repoFullName }, 'contributors lookup failed; judging as a newcomer');
      return false;
    }
  }

  return {
    async settings(userId: string, roomId: string): Promise<ProtectionSettingsDto> {
      await requireModerator(roomId, userId);
      const row = await protectionRepository(db).settings(roomId);
      if (!row) throw domainErrors.notFound(ROOM_NOT_FOUND);
      return toProtectionDto(row);
    },

    /**
     * Sets the room's protection. A change of the lock is a room event (every member's banner
     * follows); the other settings are the moderators' own and change without one.
     */
    async setSettings(userId: string, roomId: string, next: ProtectionSettingsDto): Promise<ProtectionSettingsDto> {
      await requireModerator(roomId, userId);
      await limits.moderate(userId);
      const current = await protectionRepository(db).settings(roomId);
      if (!current) throw domainErrors.notFound(ROOM_NOT_FOUND);
      const before = toProtectionDto(current);
      if (JSON.stringify(before) === JSON.stringify(next)) return before;
      const write = async (trx: Kysely<Database>, at: string) => {
        await protectionRepository(trx).setSettings(roomId, toProtectionRow(next));
        await logModeration(trx, {
          roomId,
          actorId: userId,
          action: 'room.protection_changed',
          detail: JSON.stringify(next),
          at,
        });
      };
      if (before.locked !== next.locked) {
        await changes.commit(roomId, async (trx, nowIso) => {
          await write(trx, nowIso);
          return { result: undefined, events: [{ type: 'room.lock_changed', locked: next.locked }] };
        });
      } else {
        await db.transaction().execute((trx) => write(trx, new Date(now()).toISOString()));
      }
      return next;
    },

    /**
     * Judges a member's send before it is written, by the facts its checks read
     * (readSendCheck): refuses it (a locked room: 403 `room_locked`; an account younger than the
     * room asks: 403 `account_too_new`, saying from when it may post) or says whether it is
     * published or held. Moderators and the repository's contributors are never held nor refused
     * for their account's age.
     */
    async screen(userId: string, roomId: string, content: string, facts: SendScreeningRow): Promise<Screening> {
      const at = now();
      const publishedCount =
        facts.first_messages_held > 0
          ? await protectionRepository(db).publishedCount(roomId, userId, facts.first_messages_held)
          : 0;
      const verdict = judgeSend({
        settings: facts,
        moderator: Boolean(facts.moderator),
        accountCreatedAt: facts.github_created_at,
        joinedAt: facts.joined_at,
        publishedCount,
        hasLink: hasLink(content),
        otherRoomsWithSameText: facts.same_text_rooms,
        now: at,
      });
      if (verdict.kind === 'publish') return verdict;
      if (verdict.kind === 'locked') throw new DomainError('forbidden', ROOM_LOCKED, { reason: 'room_locked' });
      if (await contributes(facts.repo_full_name, facts.github_username)) return { kind: 'publish' };
      if (verdict.kind === 'too_new') {
        throw new DomainError('forbidden', accountTooNewMessage(verdict.days, verdict.allowedFrom), {
          reason: 'account_too_new',
        });
      }
      return verdict;
    },
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
