import type { MessageDto, ReactionDto, ReplyQuoteDto, UserSummaryDto } from '../../../shared/api/rooms';
import { messageExcerpt } from '../../../shared/excerpt';
import type { GitHubReferenceDto } from '../../../shared/github-references';
import type { AuthorRow, QuotedRow } from '../../db/repositories/messages.repository';
import type { ReactionWithReactorRow } from '../../db/repositories/reactions.repository';
import type { MessageReactionRow, MessageRow } from '../../db/schema';

/** Public fields of a user; a vanished profile still renders as a nameless author. */
export function toUserSummaryDto(userId: string, author: AuthorRow | undefined): UserSummaryDto {
  return {
    id: userId,
    username: author?.username ?? null,
    display_name: author?.display_name ?? null,
    avatar_url: author?.avatar_url ?? null,
    github_login: author?.github_username ?? null,
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
    github_username: row.reactor_github_username,
  };
}

export function toReactionDto(
  row: Pick<MessageReactionRow, 'id' | 'message_id' | 'user_id' | 'emoji'>,
  reactor: AuthorRow | undefined,
): ReactionDto {
  return {
    id: row.id,
    message_id: row.message_id,
    user_id: row.user_id,
    emoji: row.emoji,
    user: toUserSummaryDto(row.user_id, reactor),
  };
}

/** A reply's quote: the original's author and first line, or no text once it is deleted. */
export function toReplyQuoteDto(original: QuotedRow, people: ReadonlyMap<string, AuthorRow>): ReplyQuoteDto {
  const deleted = original.deleted_at !== null;
  return {
    message_id: original.id,
    user_id: original.user_id,
    author: toUserSummaryDto(original.user_id, people.get(original.user_id)),
    excerpt: deleted ? '' : messageExcerpt(original.content),
    deleted,
  };
}

/**
 * `people` holds the author, the reactors and the authors of replied-to messages (by user id);
 * missing ones render nameless. `quoted` holds the messages replied to, by id.
 * `references`: the message's resolved GitHub references (sent only when there are some).
 */
export function toMessageDto(
  row: MessageRow,
  people: ReadonlyMap<string, AuthorRow>,
  reactions: MessageReactionRow[],
  references: GitHubReferenceDto[] = [],
  quoted: ReadonlyMap<string, QuotedRow> = new Map(),
): MessageDto {
  const deleted = row.deleted_at !== null;
  const original = !deleted && row.reply_to_id !== null ? quoted.get(row.reply_to_id) : undefined;
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
    ...(original ? { reply_to: toReplyQuoteDto(original, people) } : {}),
  };
}
