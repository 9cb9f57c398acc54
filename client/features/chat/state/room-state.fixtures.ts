// Shared by the room's DOM tests: a room's snapshot as GET /api/rooms/{id}/state answers it.
import type { RoomStateResponse } from '../../../../shared/api/room-state';
import type { MemberDto, MessageDto } from '../../../../shared/api/rooms';

export function roomSnapshot(
  overrides: {
    lastSeq?: number;
    repoFullName?: string;
    messages?: MessageDto[];
    members?: MemberDto[];
    nextCursor?: string | null;
    newerCursor?: string | null;
  } & Partial<Omit<RoomStateResponse, 'messages' | 'members'>> = {},
): RoomStateResponse {
  const { lastSeq = 0, repoFullName = 'octo/hello', messages = [], members = [], nextCursor = null } = overrides;
  const {
    newerCursor = null,
    lastSeq: _seq,
    repoFullName: _name,
    messages: _m,
    members: _members,
    ...rest
  } = overrides;
  void _seq;
  void _name;
  void _m;
  void _members;
  return {
    last_seq: lastSeq,
    room: {
      id: 'r1',
      title: 'Discussion',
      repo_full_name: repoFullName,
      created_by: 'u1',
      last_activity_at: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      slow_mode_seconds: 0,
      topic: '',
    },
    members,
    online_user_ids: [],
    pins: [],
    messages: { messages, next_cursor: nextCursor, newer_cursor: newerCursor, opened_at: 'newest' },
    viewer: {
      joined_at: '2026-01-01T00:00:00.000Z',
      moderator: false,
      muted_until: null,
      notification_level: 'mentions',
      first_unread_message_id: null,
    },
    bans: null,
    ...rest,
  };
}
