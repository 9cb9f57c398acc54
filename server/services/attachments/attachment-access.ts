import type { Kysely } from 'kysely';
import { membersRepository } from '../../db/repositories/members.repository';
import type { Database } from '../../db/schema';

/**
 * Who may fetch a room's attachments: the one rule, which follows who may read the room's
 * messages. Today that is the room's active members (someone banned is no longer one);
 * `readerId` is undefined for a visitor who is not signed in.
 */
export async function mayReadRoomFiles(
  db: Kysely<Database>,
  roomId: string,
  readerId: string | undefined,
): Promise<boolean> {
  if (readerId === undefined) return false;
  return membersRepository(db).isActiveMember(roomId, readerId);
}
