import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { busChannels, publishOn } from '../../bus/channels';
import type { EventBus } from '../../bus/event-bus';
import { membersRepository } from '../../db/repositories/members.repository';
import { protectionRepository } from '../../db/repositories/protection.repository';
import type { Database } from '../../db/schema';

/** A held message's fate, for its author. */
export interface HeldReview {
  authorId: string;
  messageId: string;
  status: 'approved' | 'rejected';
}

/**
 * Tells sockets that held messages changed (docs/PRODUCT.md §20): the room's moderators get the
 * new "Review" count whenever a message is held or reviewed, and a reviewed message's author gets
 * the decision. Frames are hints: a lost one is healed by the clients' slow refetch.
 */
export function createHeldNotices({ db, bus, logger }: { db: Kysely<Database>; bus: EventBus; logger: Logger }) {
  return async function heldChanged(roomId: string, review?: HeldReview): Promise<void> {
    try {
      const [moderators, pending] = await Promise.all([
        membersRepository(db).activeModeratorIds(roomId),
        protectionRepository(db).countPending(roomId),
      ]);
      if (moderators.length > 0) {
        await publishOn(bus, busChannels.users, {
          type: 'held.changed',
          user_ids: moderators,
          frame: { type: 'held.changed', room_id: roomId, pending_count: pending },
        });
      }
      if (review) {
        await publishOn(bus, busChannels.users, {
          type: 'held.changed',
          user_ids: [review.authorId],
          frame: { type: 'held.changed', room_id: roomId, message_id: review.messageId, status: review.status },
        });
      }
    } catch (error) {
      logger.warn({ err: error, roomId }, 'held messages change not announced');
    }
  };
}

export type HeldNotices = ReturnType<typeof createHeldNotices>;
