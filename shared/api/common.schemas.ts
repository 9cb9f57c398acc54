import { z } from 'zod';

/**
 * Building blocks of the answer schemas. Answers are checked against their schemas in the test
 * suites, so these say exactly what the server sends.
 */

/** What the server names its rows with (users, rooms, messages, reactions): UUIDs. */
export const entityId = z.guid();

/** A moment, as ISO 8601 in UTC with milliseconds (`2026-05-01T12:00:00.000Z`). */
export const timestamp = z.iso.datetime();

/** A count or position: a whole number, never negative. */
export const count = z.number().int().min(0);
