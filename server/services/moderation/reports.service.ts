import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  ALREADY_REPORTED,
  NO_OPEN_REPORTS,
  OWN_MESSAGE_REPORT,
  type ReportedMessageDto,
  type ReportReason,
  type ReportsCountResponse,
  type ReportsResponse,
} from '../../../shared/api/moderation-tools';
import type { EventBus } from '../../bus/event-bus';
import { membersRepository } from '../../db/repositories/members.repository';
import { messageReportsRepository } from '../../db/repositories/message-reports.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database, MessageRow } from '../../db/schema';
import { domainErrors, MESSAGE_NOT_FOUND, MODERATORS_ONLY, NOT_A_MEMBER } from '../../errors';
import { presentMessages } from '../messages/message.presenter';
import { timeOrderedId } from '../messages/time-ordered-id';
import { ROOM_NOT_FOUND } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { refusalFor } from './bans';
import type { MemberRolesService } from './member-roles.service';
import { announceReportsChanged, logModeration } from './moderation-log';

export interface ReportsServiceDeps {
  db: Kysely<Database>;
  bus: EventBus;
  limits: Pick<ChatRateLimits, 'report' | 'moderate'>;
  roles: Pick<MemberRolesService, 'isModerator'>;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
}

/**
 * Members report messages; moderators read the open reports and dismiss them (removing the
 * message resolves them too, in the messages service). Reporters are never named to anyone.
 */
export function createReportsService({ db, bus, limits, roles, logger, now }: ReportsServiceDeps) {
  const announce = (roomId: string) =>
    announceReportsChanged(db, bus, roomId, (error) => logger.warn({ err: error }, 'report count not announced'));

  async function requireModerator(roomId: string, userId: string): Promise<void> {
    if (!(await roomsRepository(db).findById(roomId))) throw domainErrors.notFound(ROOM_NOT_FOUND);
    if (!(await roles.isModerator(roomId, userId))) {
      throw await refusalFor(db, roomId, userId, domainErrors.forbidden(MODERATORS_ONLY));
    }
  }

  /** A message still showing (not deleted); 404 otherwise. */
  async function shownMessage(messageId: string): Promise<MessageRow> {
    const message = await messagesRepository(db).findById(messageId);
    if (!message || message.deleted_at !== null) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
    return message;
  }

  return {
    async report(userId: string, messageId: string, input: { reason: ReportReason; note: string }): Promise<void> {
      const message = await shownMessage(messageId);
      if (!(await membersRepository(db).isActiveMember(message.room_id, userId))) {
        throw await refusalFor(db, message.room_id, userId, domainErrors.forbidden(NOT_A_MEMBER));
      }
      if (message.user_id === userId) throw domainErrors.forbidden(OWN_MESSAGE_REPORT);
      if (await messageReportsRepository(db).hasReported(messageId, userId)) {
        throw domainErrors.conflict(ALREADY_REPORTED, 'already_reported');
      }
      await limits.report(userId);
      const inserted = await messageReportsRepository(db).insert({
        id: timeOrderedId(now()),
        message_id: messageId,
        room_id: message.room_id,
        reporter_id: userId,
        reason: input.reason,
        note: input.note,
        created_at: new Date(now()).toISOString(),
      });
      // Two reports at once by the same member: the unique key keeps one.
      if (!inserted) throw domainErrors.conflict(ALREADY_REPORTED, 'already_reported');
      await announce(message.room_id);
    },

    async count(moderatorId: string, roomId: string): Promise<ReportsCountResponse> {
      await requireModerator(roomId, moderatorId);
      return { open_count: await messageReportsRepository(db).countOpen(roomId) };
    },

    /** The room's open reports grouped by message, the most recently reported first. */
    async list(moderatorId: string, roomId: string): Promise<ReportsResponse> {
      await requireModerator(roomId, moderatorId);
      const rows = await messageReportsRepository(db).listOpen(roomId);
      const grouped = new Map<string, Omit<ReportedMessageDto, 'message'>>();
      for (const row of rows) {
        let group = grouped.get(row.message_id);
        if (!group) {
          group = { report_count: 0, reasons: [], notes: [], last_reported_at: row.created_at };
          grouped.set(row.message_id, group);
        }
        group.report_count += 1;
        const reason = row.reason as ReportReason;
        const counted = group.reasons.find((r) => r.reason === reason);
        if (counted) counted.count += 1;
        else group.reasons.push({ reason, count: 1 });
        if (row.note) group.notes.push(row.note);
      }
      const ids = [...grouped.keys()];
      const messages = await Promise.all(ids.map((id) => messagesRepository(db).findById(id)));
      const shown = await presentMessages(
        db,
        messages.filter((m): m is MessageRow => m !== undefined),
      );
      const byId = new Map(shown.map((m) => [m.id, m]));
      const reports: ReportedMessageDto[] = [];
      for (const id of ids) {
        const message = byId.get(id);
        const group = grouped.get(id);
        if (message && group) reports.push({ message, ...group });
      }
      return { reports, open_count: reports.length };
    },

    /** Dismisses a message's open reports (logged as the moderator's action). */
    async dismiss(moderatorId: string, messageId: string): Promise<void> {
      const message = await shownMessage(messageId);
      if (!(await roles.isModerator(message.room_id, moderatorId))) {
        throw await refusalFor(db, message.room_id, moderatorId, domainErrors.forbidden(MODERATORS_ONLY));
      }
      await limits.moderate(moderatorId);
      const at = new Date(now()).toISOString();
      const dismissed = await db.transaction().execute(async (trx) => {
        const count = await messageReportsRepository(trx).resolve(messageId, moderatorId, 'dismissed', at);
        if (count === 0) return false;
        await logModeration(trx, {
          roomId: message.room_id,
          actorId: moderatorId,
          action: 'report.dismissed',
          targetUserId: message.user_id,
          messageId,
          detail: String(count),
          at,
        });
        return true;
      });
      if (!dismissed) throw domainErrors.notFound(NO_OPEN_REPORTS);
      await announce(message.room_id);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
