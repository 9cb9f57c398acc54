import type { Kysely } from 'kysely';
import { MUTED_MESSAGE } from '../../../shared/api/rooms';
import { membersRepository } from '../../db/repositories/members.repository';
import type { Database } from '../../db/schema';
import { DomainError } from '../../errors';

/** Whether a mute reading (ISO or null) is still in force at `nowMs`. */
export function isMuted(mutedUntil: string | null, nowMs: number): boolean {
  return mutedUntil !== null && Date.parse(mutedUntil) > nowMs;
}

/**
 * Refuses a muted member's post, reaction or edit in the room (403, reason `muted`). Called
 * inside the write's transaction, under the room lock, so a mute that commits first holds.
 */
export async function assertNotMuted(db: Kysely<Database>, roomId: string, userId: string, nowMs: number) {
  const until = await membersRepository(db).findMutedUntil(roomId, userId);
  if (isMuted(until, nowMs)) throw new DomainError('forbidden', MUTED_MESSAGE, { reason: 'muted' });
}
