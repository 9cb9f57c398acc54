import type { z } from 'zod';
// Types only: the schemas live in room-state.schemas.ts (no zod in the client).
import type { ROOM_OPENED_AT, roomStateQuery, roomStateResponse } from './room-state.schemas';

/** A room's snapshot at one sequence number (GET /api/rooms/{id}/state). */
export type RoomStateResponse = z.infer<typeof roomStateResponse>;
export type RoomStateRequest = z.input<typeof roomStateQuery>;
/** Where a snapshot's messages page is in the room. */
export type RoomOpenedAt = (typeof ROOM_OPENED_AT)[number];
