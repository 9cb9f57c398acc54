import type { Kysely } from 'kysely';
import type {
  MessageDto,
  ReactionDto,
  ReplyQuoteDto,
  ThreadSummaryDto,
  UserSummaryDto,
} from '../../../shared/api/rooms';
import { messageExcerpt } from '../../../shared/excerpt';
import { mayHoldReferences, type GitHubReferenceDto } from '../../../shared/github-references';
import { messageReferencesRepository } from '../../db/repositories/message-references.repository';
import { messagesRepository, type AuthorRow, type QuotedRow } from '../../db/repositories/messages.repository';
import { reactionsRepository, type ReactionWithReactorRow } from '../../db/repositories/reactions.repository';
import { threadsRepository } from '../../db/repositories/threads.repository';
import { presentThreadSummaries, threadFactsOf } from '../threads/thread.presenter';
import type { Database, MessageAttachmentRow, MessageReactionRow, MessageRow } from '../../db/schema';
import { messageAttachmentsRepository } from '../../db/repositories/message-attachments.repository';
import { toAttachmentDto } from '../attachments/attachment.presenter';

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
  threads: ReadonlyMap<string, ThreadSummaryDto> = new Map(),
  attachments: readonly MessageAttachmentRow[] = [],
): MessageDto {
  const thread = threads.get(row.id);
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
    ...(row.thread_root_id !== null ? { thread_root_id: row.thread_root_id, also_in_room: Boolean(row.in_room) } : {}),
    // A deleted root keeps its thread.
    ...(thread ? { thread } : {}),
    ...(!deleted && attachments.length > 0 ? { attachments: attachments.map(toAttachmentDto) } : {}),
  };
}

/**
 * Loads authors, reactions and reactors, and the messages replied to with their authors, for rows
 * and presents them, keeping the rows' order.
 */
export async function presentMessages(db: Kysely<Database>, rows: MessageRow[]): Promise<MessageDto[]> {
  return (await presentMessagesShowing(db, rows)).messages;
}

/**
 * The same, with every person the messages show (authors, reactors, quoted authors) and what was
 * found of them (undefined: no profile).
 */
export async function presentMessagesShowing(
  db: Kysely<Database>,
  rows: MessageRow[],
): Promise<{ messages: MessageDto[]; shown: Map<string, AuthorRow | undefined> }> {
  const replyIds = rows.flatMap((r) => (r.reply_to_id !== null && r.deleted_at === null ? [r.reply_to_id] : []));
  // At once (on PostgreSQL, several connections); each walks an index.
  const roots = rows.flatMap((r) => (r.thread_root_id === null ? [r.id] : []));
  const [reactions, people, quoted, references, threadRows, attachments] = await Promise.all([
    reactionsRepository(db).listForMessagesWithReactors(rows.map((r) => r.id)),
    messagesRepository(db).findAuthors(rows.map((r) => r.user_id)),
    messagesRepository(db).findQuoted(replyIds),
    // Only messages whose text could refer to GitHub can have stored references.
    messageReferencesRepository(db).listFor(rows.filter((r) => mayHoldReferences(r.content)).map((r) => r.id)),
    threadsRepository(db).listFor(roots),
    messageAttachmentsRepository(db).listFor(rows.flatMap((r) => (r.deleted_at === null ? [r.id] : []))),
  ]);
  const byMessage = new Map<string, MessageReactionRow[]>();
  for (const reaction of reactions) {
    const reactor = reactorOf(reaction);
    if (reactor && !people.has(reactor.id)) people.set(reactor.id, reactor);
    const list = byMessage.get(reaction.message_id);
    if (list) list.push(reaction);
    else byMessage.set(reaction.message_id, [reaction]);
  }
  const quotedAuthors = [...quoted.values()].map((q) => q.user_id).filter((id) => !people.has(id));
  if (quotedAuthors.length > 0) {
    for (const [id, author] of await messagesRepository(db).findAuthors(quotedAuthors)) people.set(id, author);
  }
  const shown = new Map<string, AuthorRow | undefined>();
  const threads = await presentThreadSummaries(db, threadRows.map(threadFactsOf), shown);
  const show = (id: string) => shown.set(id, people.get(id));
  for (const row of rows) show(row.user_id);
  for (const reaction of reactions) show(reaction.user_id);
  for (const original of quoted.values()) show(original.user_id);
  const messages = rows.map((row) =>
    toMessageDto(
      row,
      people,
      byMessage.get(row.id) ?? [],
      references.get(row.id)?.refs ?? [],
      quoted,
      threads,
      attachments.get(row.id),
    ),
  );
  return { messages, shown };
}
