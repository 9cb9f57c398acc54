import type { Kysely } from 'kysely';
import { BANNED_MESSAGE } from '../../../shared/api/rooms';
import { roomBansRepository } from '../../db/repositories/room-bans.repository';
import type { Database } from '../../db/schema';
import { DomainError } from '../../errors';

/**
 * A ban ends the membership, so most refusals already hold without asking: these word them in
 * the ban's own terms and cover what does not need membership (editing or deleting one's old
 * messages, reading a room's history, pins and members). A banned person writes nothing to the
 * room and reads nothing of it (docs/PRODUCT.md §6, §14).
 */

/** 403 'You are banned from this room', reason `banned`. */
export function bannedError(): DomainError {
  return new DomainError('forbidden', BANNED_MESSAGE, { reason: 'banned' });
}

/** Refuses someone banned from the room (db may be a transaction: under the room lock it holds). */
export async function refuseIfBanned(db: Kysely<Database>, roomId: string, userId: string): Promise<void> {
  if (await roomBansRepository(db).isBanned(roomId, userId)) throw bannedError();
}

/** The refusal for someone not allowed in the room: the ban's words when banned, else `otherwise`. */
export async function refusalFor(
  db: Kysely<Database>,
  roomId: string,
  userId: string,
  otherwise: DomainError,
): Promise<DomainError> {
  return (await roomBansRepository(db).isBanned(roomId, userId)) ? bannedError() : otherwise;
}
