import type { z } from 'zod';
import type { markReadBody } from './rooms.schemas';
import type { NotificationLevel } from './notifications';

/**
 * Read positions and unread counts. A member's read position in a room is the newest message they
 * have seen there; it only moves forward, and follows them to every tab, device and process.
 */

/** One room of the caller, as the sidebar, the home page's cards and the document title show it. */
export interface RoomUnreadDto {
  room_id: string;
  /**
   * Messages by others, not deleted, after the read position; capped at 100 (shown as "99+").
   * Always 0 in a muted room (its mentions still count).
   */
  unread_count: number;
  /** Unread messages that mention the caller; capped at 100. */
  mention_count: number;
  last_read_message_id: string | null;
  /** The oldest unread message by someone else (where the room opens), null when none. */
  first_unread_message_id: string | null;
  /** How the caller hears about the room ('mute': no unread emphasis, only mentions). */
  notification_level: NotificationLevel;
}

/** GET /api/me/unread → every room the caller is an active member of (one query). */
export interface UnreadSummaryResponse {
  rooms: RoomUnreadDto[];
}

/** PUT /api/rooms/:roomId/read */
export type MarkReadRequest = z.input<typeof markReadBody>;

/** The position after the request (unchanged when the message was older than it). */
export interface MarkReadResponse {
  last_read_message_id: string;
}
