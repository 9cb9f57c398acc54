import type { z } from 'zod';
import type {
  mentionDto,
  mentionsPageResponse,
  notificationLevelBody,
  notificationLevelResponse,
} from './notifications.schemas';

/**
 * How a member hears about a room: 'all' (every message raises a notification when the tab is
 * hidden), 'mentions' (the default: only mentions of them and replies to them) or 'mute' (the
 * sidebar shows no unread emphasis or count for the room, only mentions).
 */
export const NOTIFICATION_LEVELS = ['all', 'mentions', 'mute'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
export const DEFAULT_NOTIFICATION_LEVEL: NotificationLevel = 'mentions';

/** The labels of the room header's "Notifications" control. */
export const NOTIFICATION_LEVEL_LABELS: Record<NotificationLevel, string> = {
  all: 'All messages',
  mentions: 'Mentions only',
  mute: 'Mute',
};

/** PUT /api/rooms/:roomId/notifications {level} → 200 (401 signed out, 403 not a member, 404 no room). */
export type NotificationLevelRequest = z.input<typeof notificationLevelBody>;
export type NotificationLevelResponse = z.infer<typeof notificationLevelResponse>;

/** One message that reached the caller: it mentions them, or replies to one of their messages. */
export type MentionDto = z.infer<typeof mentionDto>;

/**
 * GET /api/me/mentions?before=&limit= → the caller's mentions in the rooms they are a member of,
 * newest first; `next_cursor` fetches the older page (null at the end). 401 signed out.
 */
export type MentionsPageResponse = z.infer<typeof mentionsPageResponse>;
