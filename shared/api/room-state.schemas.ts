import { z } from 'zod';
import { count, entityId, timestamp } from './common.schemas';
import { NOTIFICATION_LEVELS } from './notifications';
import { banDto, memberDto, messageDto, pinnedMessageDto, roomDto } from './rooms.schemas';

/**
 * The contract of a room's snapshot: everything the room screen shows, read at one sequence
 * number, so that the room's events after it (and only those) bring it up to date. The client
 * imports the types only (shared/api/room-state.ts).
 */

export const roomStateQuery = z.object({
  around: z
    .string()
    .max(100)
    .optional()
    .describe('Open the messages around this one (a linked message) instead of the first unread or the newest.'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ROOM_OPENED_AT = ['newest', 'unread', 'anchor', 'anchor-missing'] as const;

export const roomStateResponse = z.strictObject({
  last_seq: count.describe(
    "The room's event sequence the whole answer reflects: subscribe with after_seq = last_seq, apply every event after it and ignore those at or before it.",
  ),
  room: roomDto.describe('Its details, topic and slow mode.'),
  members: z.array(memberDto).describe('Active members, newest join first.'),
  online_user_ids: z
    .array(entityId)
    .describe("Members with a socket open on the room when the answer was read (the socket's presence frames follow)."),
  pins: z.array(pinnedMessageDto).describe('Newest pin first.'),
  messages: z.strictObject({
    messages: z.array(messageDto).describe('In ascending time order.'),
    next_cursor: z.string().nullable().describe('Older messages before this page (`before`); null at the first one.'),
    newer_cursor: z.string().nullable().describe('Newer messages after this page (`after`); null at the newest one.'),
    opened_at: z
      .enum(ROOM_OPENED_AT)
      .describe(
        "Where the page is: the newest messages, around the caller's first unread message, around `around`, or the newest because `around` is not a message of this room.",
      ),
  }),
  viewer: z
    .strictObject({
      joined_at: timestamp,
      moderator: z.boolean().describe('Whether the caller moderates this room.'),
      muted_until: timestamp.nullable().describe('Muted until then; null or a past time: not muted.'),
      notification_level: z.enum(NOTIFICATION_LEVELS),
      first_unread_message_id: entityId
        .nullable()
        .describe("The first message after the caller's read position by someone else; null when all is read."),
    })
    .nullable()
    .describe("The caller's own standing; null for a reader who is not an active member (a visitor, a non-member)."),
  bans: z.array(banDto).nullable().describe("The room's bans, newest first, for moderators; null for everyone else."),
});
