import { z } from 'zod';
import { activityKind } from './repo-activity.schemas';
import { MY_ROOMS_LIMIT_MAX } from '../limits';
import { MESSAGE_ERRORS } from '../validation/message';
import { cleanSingleLineText } from '../validation/clean-text';
import { REFERENCE_STATES } from '../github-references';
import { archiveSettingsDto } from './archive.schemas';
import { count, entityId, timestamp } from './common.schemas';
import { REPORT_REASONS } from './moderation-tools';
import { attachmentDto, attachmentIds } from '../attachments/attachments.schemas';

/**
 * The contract of the rooms, messages, moderation and read-position endpoints: the schemas the
 * server validates requests with, and the schemas of its answers. shared/api/rooms.ts infers
 * every request and answer type from them, so the two cannot drift. (Only the server imports this
 * module at run time; the client imports its types.)
 */

/** GitHub owner/name: letters, digits, '.', '-' and '_' on both sides of one slash. */
export const REPO_FULL_NAME = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
const INVALID_REPO = 'Repository must be written as owner/name';

export const repoFullName = z
  .string({ error: INVALID_REPO })
  .trim()
  .max(140, 'Repository name is too long')
  .regex(REPO_FULL_NAME, INVALID_REPO)
  .refine((v) => v.split('/').every((part) => part !== '.' && part !== '..'), INVALID_REPO);

export const joinRoomBody = z.object({ repoFullName });
export const roomParams = z.object({ roomId: z.string() });
export const myRoomsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MY_ROOMS_LIMIT_MAX).default(12),
});
export const roomActivityQuery = z.object({
  repos: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(repoFullName).max(100, 'At most 100 repositories at a time')),
});

export const messagePageQuery = z
  .object({
    before: z.string().max(200).optional(),
    after: z.string().max(200).optional(),
    around: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => [query.before, query.after, query.around].filter((v) => v !== undefined).length <= 1, {
    message: 'Use at most one of before, after and around',
  });

// The length rule on content is checked (on the cleaned text) by validateMessage; this cap only
// bounds the work, with the same message.
const content = z.string().max(20_000, MESSAGE_ERRORS.tooLong);

export const sendMessageBody = z.object({
  client_id: z
    .string()
    .trim()
    .min(1, 'client_id is required')
    .max(100, 'client_id is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'client_id may contain letters, digits, - and _'),
  content,
  /** The earlier message of the same room this one answers. */
  reply_to_id: z.string().max(100, 'reply_to_id is too long').optional(),
  /** The root of the thread this message replies in ("Reply in thread"). */
  thread_root_id: z.string().max(100, 'thread_root_id is too long').optional(),
  /** A thread reply also shown in the room ("Also send to room"). */
  also_send_to_room: z.boolean().optional(),
  /** Files uploaded beforehand (POST /api/rooms/{id}/attachments); with some, the text may be empty. */
  attachment_ids: attachmentIds,
});
export const editMessageBody = z.object({ content });
export const reactionBody = z.object({ emoji: z.string().max(32) });
export const messageParams = z.object({ messageId: z.string() });

export const markReadBody = z.object({
  message_id: z.string({ error: 'message_id is required' }).max(100, 'message_id is too long'),
});

/** A member of a room named in a moderation request (`user_id` checked as a uuid by the route). */
export const memberParams = z.object({ roomId: z.string(), userId: z.string() });
export const muteBody = z.object({
  user_id: z.string(),
  duration: z.enum(['10m', '1h', '24h'], { error: 'duration must be 10m, 1h or 24h' }),
});
export const banBody = z.object({ user_id: z.string() });
export const slowModeBody = z.object({
  seconds: z.union([z.literal(0), z.literal(10), z.literal(30), z.literal(60), z.literal(300)], {
    error: 'seconds must be 0, 10, 30, 60 or 300',
  }),
});
export const topicBody = z.object({
  topic: z
    .string()
    .transform((v) => cleanSingleLineText(v.replace(/\s+/g, ' ')))
    .pipe(z.string().max(200, 'Topic must be 200 characters or fewer')),
});

export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'reason must be spam, abuse, off_topic or other' }),
  note: z
    .string()
    .default('')
    .transform((v) => cleanSingleLineText(v.replace(/\s+/g, ' ')))
    .pipe(z.string().max(300, 'Note must be 300 characters or fewer')),
});
export const moderationLogQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const userParams = z.object({ userId: z.string() });

// ---- Answers ----

export const userSummaryDto = z
  .strictObject({
    id: entityId,
    username: z.string().nullable(),
    display_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    github_login: z
      .string()
      .nullable()
      .optional()
      .describe(
        "The person's GitHub login: who they are. Shown beside the username wherever the two differ, so a username cannot pass for someone else's login. Null when the account's login has been taken over by another account since; absent in events logged before it was added.",
      ),
  })
  .meta({ id: 'UserSummary', description: 'A person as chat shows them: name, username and avatar.' });

export const roomDto = z
  .strictObject({
    id: entityId,
    title: z.string(),
    repo_full_name: z.string().describe('The repository, owner/name as GitHub spells it.'),
    created_by: entityId,
    last_activity_at: timestamp,
    created_at: timestamp,
    slow_mode_seconds: count
      .optional()
      .describe(
        "Slow mode: least seconds between one member's messages (0 = off; moderators are exempt). Always sent.",
      ),
    topic: z
      .string()
      .optional()
      .describe("One line under the room header, set by moderators ('' = none). Always sent."),
    activity: z
      .array(activityKind)
      .optional()
      .describe("The repository's activity the room shows (none: 'Off'). Always sent."),
    locked: z
      .boolean()
      .optional()
      .describe('"Lock room": only moderators post, a banner says "This room is locked". Always sent.'),
  })
  .meta({ id: 'Room', description: 'The chat room of one GitHub repository.' });

export const roomSummaryDto = roomDto
  .extend({ joined_at: timestamp })
  .meta({ id: 'RoomSummary', description: "A room in the caller's lists (sidebar, 'Continue your chats')." });

export const memberDto = z
  .strictObject({
    user: userSummaryDto,
    joined_at: timestamp,
    moderator: z
      .boolean()
      .optional()
      .describe(
        "A moderator of the room: GitHub gives them admin or maintain access to its repository, or they own it (shown as 'Maintainer'). Absent in events logged before roles existed.",
      ),
    muted_until: timestamp
      .nullable()
      .optional()
      .describe(
        'Muted by a moderator until then: no posting, reacting or editing in this room. Null or a past time: not muted. Absent in events logged before mutes existed.',
      ),
  })
  .meta({ id: 'Member', description: 'An active member of a room.' });

export const reactionDto = z
  .strictObject({
    id: entityId,
    message_id: entityId,
    user_id: entityId,
    emoji: z.string(),
    user: userSummaryDto
      .optional()
      .describe(
        "Who reacted, for the 'who reacted' list of a chip. Always sent; absent only in events logged before it was added.",
      ),
  })
  .meta({ id: 'Reaction' });

export const gitHubReferenceDto = z
  .strictObject({
    repo: z.string().describe('owner/name as GitHub spells it.'),
    number: z.number().int().min(1),
    kind: z.enum(['issue', 'pull']),
    title: z.string(),
    state: z.enum(REFERENCE_STATES),
  })
  .meta({
    id: 'GitHubReference',
    description: 'A GitHub issue or pull request a message refers to, as GitHub answered.',
  });

export const replyQuoteDto = z
  .strictObject({
    message_id: entityId,
    user_id: entityId,
    author: userSummaryDto,
    excerpt: z.string().describe("The original's first line; empty when it was deleted."),
    deleted: z.boolean(),
  })
  .meta({
    id: 'ReplyQuote',
    description:
      "The compact quote of a replied-to message. A deleted (or removed) original keeps its place with `deleted: true` and no text ('Original message was deleted').",
  });

export const threadAnswerDto = z
  .strictObject({
    message_id: entityId,
    author: userSummaryDto,
    excerpt: z.string().describe("The answer's first line; empty when it was deleted."),
    deleted: z.boolean(),
  })
  .meta({ id: 'ThreadAnswer', description: "A thread's accepted answer, quoted as 'Answer by {name}'." });

export const threadSummaryDto = z
  .strictObject({
    reply_count: z.number().int().min(1),
    last_reply_at: timestamp,
    repliers: z.array(userSummaryDto).max(3).describe('Up to three repliers, the latest first.'),
    answer: threadAnswerDto.nullable().describe("The accepted answer ('Answered'); null while unanswered."),
  })
  .meta({ id: 'ThreadSummary', description: "What a thread's root shows in the room: '1 reply' / 'N replies'." });

export const messageDto = z
  .strictObject({
    id: entityId,
    room_id: entityId,
    user_id: entityId,
    client_id: z.string().describe('The id the sending client chose; lets a client reconcile its optimistic copy.'),
    content: z.string(),
    created_at: timestamp,
    edited_at: timestamp.nullable(),
    deleted: z
      .boolean()
      .describe(
        "True for a message its author deleted: history keeps it in place as a tombstone with empty `content` and no reactions, shown as 'This message was deleted'.",
      ),
    removed_by_moderator: z
      .boolean()
      .optional()
      .describe("A deleted message that a moderator removed: shown as 'Message removed by a moderator'."),
    author: userSummaryDto,
    reactions: z.array(reactionDto),
    references: z
      .array(gitHubReferenceDto)
      .optional()
      .describe(
        'The GitHub issues and pull requests the text refers to that GitHub answered for. Absent until resolved (a moment after sending) and when there are none; a `message.references` event brings them and any later change.',
      ),
    reply_to: replyQuoteDto.optional().describe('The message this one replies to; absent when it is not a reply.'),
    thread_root_id: entityId
      .optional()
      .describe('A thread reply: the root of its thread. Shown in the room only with `also_in_room`.'),
    also_in_room: z
      .boolean()
      .optional()
      .describe("A thread reply also sent to the room: shown there with 'replied to a thread'."),
    thread: threadSummaryDto.optional().describe('A root with replies: its thread; absent when it has none.'),
    attachments: z
      .array(attachmentDto)
      .optional()
      .describe('Files sent with the message, in the order they were attached; absent when none or deleted.'),
  })
  .meta({ id: 'Message', description: 'A chat message as history pages and room events show it.' });

export const joinRoomResponse = z.strictObject({
  room: roomDto,
  created: z.boolean().describe('True when this call created the room.'),
});

export const roomDetailsResponse = z.strictObject({
  room: roomDto,
  membership: z
    .strictObject({ joined_at: timestamp, left_at: timestamp.nullable() })
    .nullable()
    .describe("The caller's membership; null when never joined. `left_at` null means active."),
  member_count: count,
  last_seq: count.describe('Highest event sequence number: subscribe with it to get only newer events.'),
  moderator: z
    .boolean()
    .describe('Whether the caller moderates this room (re-read from GitHub when older than 10 minutes).'),
  archive: archiveSettingsDto.optional().describe("The room's public archive settings."),
});

export const membersResponse = z.strictObject({ members: z.array(memberDto) });
export const myRoomsResponse = z.strictObject({ rooms: z.array(roomSummaryDto) });

export const messagesPageResponse = z.strictObject({
  messages: z.array(messageDto).describe('In ascending time order.'),
  next_cursor: z
    .string()
    .nullable()
    .describe('Fetches the older messages before this page (`before`); null when the page starts at the first one.'),
  newer_cursor: z
    .string()
    .nullable()
    .describe('Fetches the newer messages after this page (`after`); null when the page ends at the newest one.'),
  last_seq: count.describe(
    "The room's event sequence, read just before the page: subscribe with after_seq = last_seq. Events replayed after it may already be reflected in the page, so apply them idempotently.",
  ),
});

export const messageResponse = z.strictObject({ message: messageDto });

export const toggleReactionResponse = z.strictObject({
  added: z.boolean().describe('True when the reaction now exists, false when this call removed it.'),
  reactions: z.array(reactionDto).describe("The message's reactions after the toggle."),
});

export const muteResponse = z.strictObject({ muted_until: timestamp });

export const banDto = z.strictObject({ user: userSummaryDto, banned_at: timestamp }).meta({ id: 'Ban' });
export const bansResponse = z.strictObject({ bans: z.array(banDto) });

export const siteStatsResponse = z.strictObject({ rooms: count, members: count, messages: count });

export const roomActivityResponse = z.strictObject({
  activity: z
    .record(z.string(), z.strictObject({ room_id: entityId, active_members: count }))
    .describe('Keyed by the full name as asked; repositories without a room are absent.'),
});

export const pinnedMessageDto = z
  .strictObject({ message: messageDto, pinned_at: timestamp })
  .meta({ id: 'PinnedMessage' });
export const pinsResponse = z.strictObject({ pins: z.array(pinnedMessageDto).describe('Newest pin first.') });

export const slowModeResponse = z.strictObject({ slow_mode_seconds: count });
export const topicResponse = z.strictObject({ topic: z.string() });
