import { z } from 'zod';
import { count, entityId } from './common.schemas';
import { NOTIFICATION_LEVELS } from './notifications';

/** Answers of the read-position endpoints (the request, markReadBody, is in rooms.schemas.ts). */

export const roomUnreadDto = z
  .strictObject({
    room_id: entityId,
    unread_count: count.describe(
      'Messages by others, not deleted, after the read position; capped at 100 (shown as "99+"). Always 0 in a muted room (its mentions still count).',
    ),
    mention_count: count.describe('Unread messages that mention the caller; capped at 100.'),
    last_read_message_id: entityId.nullable(),
    first_unread_message_id: entityId
      .nullable()
      .describe('The oldest unread message by someone else (where the room opens), null when none.'),
    notification_level: z
      .enum(NOTIFICATION_LEVELS)
      .describe("How the caller hears about the room ('mute': no unread emphasis, only mentions)."),
  })
  .meta({
    id: 'RoomUnread',
    description: "One room of the caller, as the sidebar, the home page's cards and the document title show it.",
  });

export const unreadSummaryResponse = z.strictObject({ rooms: z.array(roomUnreadDto) });

export const markReadResponse = z.strictObject({
  last_read_message_id: entityId.describe('The position after the request (unchanged when the message was older).'),
});
