import type { Kysely } from 'kysely';
import { membersRepository } from '../../db/repositories/members.repository';
import { roomBansRepository } from '../../db/repositories/room-bans.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';

/**
 * Who may fetch a room's attachments: the one rule, which follows who may read the room's
 * messages. Anyone reads a room (a visitor too: `readerId` undefined) except those banned from
 * it, unless its moderators opened it to members only ("Public archive": "Members only"); then
 * only its active members do.
 */
export async function mayReadRoomFiles(
  db: Kysely<Database>,
  roomId: string,
  readerId: string | undefined,
): Promise<boolean> {
  const room = await roomsRepository(db).findById(roomId);
  if (!room) return false;
  if (readerId !== undefined && (await roomBansRepository(db).isBanned(roomId, readerId))) return false;
  if (room.archive_access !== 'members') return true;
  return readerId !== undefined && (await membersRepository(db).isActiveMember(roomId, readerId));
}
