import type { Kysely } from 'kysely';
import { BANNED_MESSAGE } from '../../../shared/api/rooms';
import { roomBansRepository } from '../../db/repositories/room-bans.repository';
import { readSendGate } from '../../db/repositories/send-gate.repository';
import type { Database } from '../../db/schema';
import { NOT_A_MEMBER } from '../../errors';
import { isMuted } from './mutes';

/** Where a user stands in a room, as a socket's typing meets it. */
export type TypingStanding = 'relay' | 'muted' | 'banned' | 'not_member';

/**
 * Where someone stands in a room, for the realtime edge (which reads no tables): refusals worded
 * in the ban's terms for a banned person, and whether their typing may reach the room.
 */
export function createRoomStandingService({ db, now }: { db: Kysely<Database>; now: () => number }) {
  return {
    /** What refuses someone who is not an active member: the ban's words when banned. */
    async refusalOf(roomId: string, userId: string): Promise<string> {
      return (await roomBansRepository(db).isBanned(roomId, userId)) ? BANNED_MESSAGE : NOT_A_MEMBER;
    },

    /**
     * Typing reaches the room only from an active member who is not muted: a muted member's is
     * dropped, a banned person's or a non-member's refused.
     */
    async typing(roomId: string, userId: string): Promise<TypingStanding> {
      const gate = await readSendGate(db, roomId, userId);
      if (!gate) return 'not_member';
      if (gate.member_id === null) {
        return (await roomBansRepository(db).isBanned(roomId, userId)) ? 'banned' : 'not_member';
      }
      return isMuted(gate.muted_until, now()) ? 'muted' : 'relay';
    },
  };
}

export type RoomStandingService = ReturnType<typeof createRoomStandingService>;
