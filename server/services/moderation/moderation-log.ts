import type { Kysely } from 'kysely';
import type {
  ModerationAction,
  ModerationLogEntryDto,
  ModerationLogResponse,
} from '../../../shared/api/moderation-tools';
import type { UserSummaryDto } from '../../../shared/api/rooms';
import type { EventBus } from '../../bus/event-bus';
import { membersRepository } from '../../db/repositories/members.repository';
import { messageReportsRepository } from '../../db/repositories/message-reports.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { moderationLogRepository } from '../../db/repositories/moderation-log.repository';
import type { Database } from '../../db/schema';
import { domainErrors } from '../../errors';
import { decodeCursor, encodeCursor } from '../messages/message-cursor';
import { toUserSummaryDto } from '../messages/message.presenter';
import { timeOrderedId } from '../messages/time-ordered-id';
import { busChannels, publishOn } from '../../bus/channels';

export interface ModerationLogWrite {
  roomId: string;
  actorId: string;
  action: ModerationAction;
  targetUserId?: string | null;
  messageId?: string | null;
  detail?: string;
  at: string;
}

/** Records a moderation action; runs in the action's own transaction, so neither exists alone. */
export async function logModeration(trx: Kysely<Database>, write: ModerationLogWrite): Promise<void> {
  await moderationLogRepository(trx).insert({
    id: timeOrderedId(Date.parse(write.at)),
    room_id: write.roomId,
    actor_id: write.actorId,
    action: write.action,
    target_user_id: write.targetUserId ?? null,
    message_id: write.messageId ?? null,
    detail: write.detail ?? '',
    created_at: write.at,
  });
}

/** A room's moderation log page, newest first (the caller has been checked as a moderator). */
export async function readModerationLog(
  db: Kysely<Database>,
  roomId: string,
  request: { before?: string | undefined; limit: number },
): Promise<ModerationLogResponse> {
  let before = null;
  if (request.before !== undefined) {
    before = decodeCursor(request.before);
    if (!before) throw domainErrors.invalid('before: invalid cursor');
  }
  const rows = await moderationLogRepository(db).list(roomId, before, request.limit + 1);
  const page = rows.slice(0, request.limit);
  const people = await messagesRepository(db).findAuthors(
    page.flatMap((row) => (row.target_user_id ? [row.actor_id, row.target_user_id] : [row.actor_id])),
  );
  const summary = (id: string): UserSummaryDto => toUserSummaryDto(id, people.get(id));
  const entries: ModerationLogEntryDto[] = page.map((row) => ({
    id: row.id,
    action: row.action as ModerationAction,
    actor: summary(row.actor_id),
    target: row.target_user_id ? summary(row.target_user_id) : null,
    message_id: row.message_id,
    detail: row.detail,
    created_at: row.created_at,
  }));
  const last = page[page.length - 1];
  return { entries, next_cursor: rows.length > request.limit && last ? encodeCursor(last) : null };
}

/** Tells the room's moderators' sockets (and only theirs) how many messages have open reports. */
export async function announceReportsChanged(
  db: Kysely<Database>,
  bus: EventBus,
  roomId: string,
  warn: (error: unknown) => void,
): Promise<void> {
  try {
    const [moderators, openCount] = await Promise.all([
      membersRepository(db).activeModeratorIds(roomId),
      messageReportsRepository(db).countOpen(roomId),
    ]);
    if (moderators.length === 0) return;
    await publishOn(bus, busChannels.users, {
      type: 'reports.changed',
      user_ids: moderators,
      frame: { type: 'reports.changed', room_id: roomId, open_count: openCount },
    });
  } catch (error) {
    warn(error);
  }
}
