import type { z } from 'zod';
import type { markReadBody } from './rooms.schemas';
import type { markReadResponse, roomUnreadDto, unreadSummaryResponse } from './read-state.schemas';

/**
 * Read positions and unread counts. A member's read position in a room is the newest message they
 * have seen there; it only moves forward, and follows them to every tab, device and process.
 */

/** One room of the caller, as the sidebar, the home page's cards and the document title show it. */
export type RoomUnreadDto = z.infer<typeof roomUnreadDto>;

/** GET /api/me/unread → every room the caller is an active member of (one query). */
export type UnreadSummaryResponse = z.infer<typeof unreadSummaryResponse>;

/** PUT /api/rooms/:roomId/read */
export type MarkReadRequest = z.input<typeof markReadBody>;

/** The position after the request (unchanged when the message was older than it). */
export type MarkReadResponse = z.infer<typeof markReadResponse>;
