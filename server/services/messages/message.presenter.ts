import type { MessageDto, ReactionDto, UserSummaryDto } from '../../../shared/api/rooms';
import type { GitHubReferenceDto } from '../../../shared/github-references';
import type { AuthorRow } from '../../db/repositories/messages.repository';
import type { ReactionWithReactorRow } from '../../db/repositories/reactions.repository';
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

/** The reactor's public fields read with a reaction; undefined when the profile is gone. */
export function reactorOf(row: ReactionWithReactorRow): AuthorRow | undefined {
  if (row.reactor_id === null) return undefined;
  return {
    id: row.reactor_id,
    username: row.reactor_username,
    display_name: row.reactor_display_name,
    avatar_url: row.reactor_avatar_url,
  };
}

export function toReactionDto(row: MessageReactionRow, reactor: AuthorRow | undefined): ReactionDto {
  return {
    id: row.id,
    message_id: row.message_id,
    user_id: row.user_id,
    emoji: row.emoji,
    user: toUserSummaryDto(row.user_id, reactor),
  };
}

/**
 * `people` holds the author and the reactors (by user id); missing ones render nameless.
 * `references`: the message's resolved GitHub references (sent only when there are some).
 */
export function toMessageDto(
  row: MessageRow,
  people: ReadonlyMap<string, AuthorRow>,
  reactions: MessageReactionRow[],
  references: GitHubReferenceDto[] = [],
): MessageDto {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    room_id: row.room_id,
    user_id: row.user_id,
    client_id: row.client_id,
    // A tombstone never carries the deleted words, whatever the row still holds.
    content: deleted ? '' : row.content,
    created_at: row.created_at,
    edited_at: deleted ? null : row.edited_at,
    deleted,
    ...(deleted && row.removed_by !== null ? { removed_by_moderator: true } : {}),
    author: toUserSummaryDto(row.user_id, people.get(row.user_id)),
    reactions: deleted ? [] : reactions.map((r) => toReactionDto(r, people.get(r.user_id))),
    ...(!deleted && references.length > 0 ? { references } : {}),
  };
}
