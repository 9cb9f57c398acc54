import type { MessageDto, ReactionDto, UserSummaryDto } from '../../../shared/api/rooms';
import type { AuthorRow } from '../../db/repositories/messages.repository';
import type { MessageReactionRow, MessageRow } from '../../db/schema';

/** Public fields of a user; a vanished profile still renders as a nameless author. */
export function toUserSummaryDto(userId: string, author: AuthorRow | undefined): UserSummaryDto {
  return {
    id: userId,
    username: author?.username ?? null,
    display_name: author?.display_name ?? null,
    avatar_url: author?.avatar_url ?? null,
  };
}

export function toReactionDto(row: MessageReactionRow): ReactionDto {
  return { id: row.id, message_id: row.message_id, user_id: row.user_id, emoji: row.emoji };
}

export function toMessageDto(
  row: MessageRow,
  author: AuthorRow | undefined,
  reactions: MessageReactionRow[],
): MessageDto {
  return {
    id: row.id,
    room_id: row.room_id,
    user_id: row.user_id,
    client_id: row.client_id,
    content: row.content,
    created_at: row.created_at,
    edited_at: row.edited_at,
    author: toUserSummaryDto(row.user_id, author),
    reactions: reactions.map(toReactionDto),
  };
}
