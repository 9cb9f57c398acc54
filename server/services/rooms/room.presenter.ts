import { parseActivityKinds } from '../../../shared/api/repo-activity';
import type { MemberDto, RoomDto, RoomSummaryDto } from '../../../shared/api/rooms';
import type { MemberWithProfileRow, MyRoomRow } from '../../db/repositories/members.repository';
import type { ChatRoomRow } from '../../db/schema';
import { toUserSummaryDto } from '../messages/message.presenter';

export function toRoomDto(row: ChatRoomRow): RoomDto {
  return {
    id: row.id,
    title: row.title,
    repo_full_name: row.repo_full_name,
    created_by: row.created_by,
    last_activity_at: row.last_activity_at,
    created_at: row.created_at,
    slow_mode_seconds: Number(row.slow_mode_seconds),
    topic: row.topic,
    activity: parseActivityKinds(row.activity_kinds),
    locked: Number(row.locked) === 1,
  };
}

export function toRoomSummaryDto(row: MyRoomRow): RoomSummaryDto {
  return { ...toRoomDto(row), joined_at: row.joined_at };
}

export function toMemberDto(row: MemberWithProfileRow): MemberDto {
  return {
    user: toUserSummaryDto(row.user_id, { id: row.user_id, ...row }),
    joined_at: row.joined_at,
    moderator: row.moderator,
    muted_until: row.muted_until,
  };
}
