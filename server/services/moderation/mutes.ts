import type { Kysely } from 'kysely';
import { MUTED_MESSAGE } from '../../../shared/api/rooms';
import { membersRepository } from '../../db/repositories/members.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { DomainError, domainErrors } from '../../errors';

/** Whether a mute reading (ISO or null) is still in force at `nowMs`. */
export function isMuted(mutedUntil: string | null, nowMs: number): boolean {
  return mutedUntil !== null && Date.parse(mutedUntil) > nowMs;
}

/**
 * Refuses a muted member's post, reaction or edit in the room (403, reason `muted`). Called
 * inside the write's transaction, under the room lock, so a mute that commits first holds.
 */
export async function assertNotMuted(db: Kysely<Database>, roomId: string, userId: string, nowMs: number) {
  refuseIfMuted(await membersRepository(db).findMutedUntil(roomId, userId), nowMs);
}

/** The same refusal, from a mute reading already in hand (ISO or null). */
export function refuseIfMuted(mutedUntil: string | null, nowMs: number): void {
  if (isMuted(mutedUntil, nowMs)) throw new DomainError('forbidden', MUTED_MESSAGE, { reason: 'muted' });
}

/** 'Slow mode is on: please wait {n} seconds before sending another message'. */
export function slowModeMessage(seconds: number): string {
  return `Slow mode is on: please wait ${seconds} seconds before sending another message`;
}

/**
 * Slow mode: a member's message sooner than the room's interval after their previous one is
 * refused (429 with the wait). Moderators are exempt (the caller says so). Called inside the send's
 * transaction, under the room lock, so two quick sends cannot both pass.
 */
export async function assertSlowModeAllows(db: Kysely<Database>, roomId: string, userId: string, nowMs: number) {
  const seconds = await slowModeSecondsOf(db, roomId);
  if (seconds <= 0) return;
  refuseIfTooSoon(seconds, (await messagesRepository(db).lastSentAt(roomId, userId)) ?? null, nowMs);
}

/** The same refusal, from the room's interval and the member's last message time already in hand. */
export function refuseIfTooSoon(seconds: number, lastSentAt: string | null, nowMs: number): void {
  if (seconds <= 0 || lastSentAt === null) return;
  const waitMs = Date.parse(lastSentAt) + seconds * 1000 - nowMs;
  if (waitMs > 0) {
    const wait = Math.ceil(waitMs / 1000);
    throw domainErrors.rateLimited(slowModeMessage(wait), wait);
  }
}

/** The room's slow-mode interval in seconds (0 = off, or no such room). */
export async function slowModeSecondsOf(db: Kysely<Database>, roomId: string): Promise<number> {
  return Number((await roomsRepository(db).findById(roomId))?.slow_mode_seconds ?? 0);
}
