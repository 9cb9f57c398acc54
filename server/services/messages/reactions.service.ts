import { randomUUID } from 'node:crypto';
import type { ToggleReactionResponse } from '../../../shared/api/rooms';
import { REACTION_EMOJIS } from '../../../shared/limits';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { membersRepository } from '../../db/repositories/members.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { reactionsRepository } from '../../db/repositories/reactions.repository';
import type { RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { reactorOf, toReactionDto, toUserSummaryDto } from './message.presenter';
import { refusalFor } from '../moderation/bans';
import { assertNotMuted } from '../moderation/mutes';
import { domainErrors, MESSAGE_NOT_FOUND, NOT_A_MEMBER } from '../../errors';

export const UNSUPPORTED_REACTION = `Reaction must be one of ${REACTION_EMOJIS.join(' ')}`;

export interface ReactionsServiceDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  limits: Pick<ChatRateLimits, 'reaction'>;
  now: () => number;
}

/** Reactions on messages, toggled by members. */
export function createReactionsService({ db, changes, limits, now }: ReactionsServiceDeps) {
  return {
    /**
     * Adds the caller's reaction, or removes it when they already have it (docs/PRODUCT.md §4). Toggles of one
     * room run one at a time under the room lock, so concurrent clicks alternate cleanly and the
     * unique (message, user, emoji) key is never violated.
     */
    async toggle(userId: string, messageId: string, emoji: string): Promise<ToggleReactionResponse> {
      if (!(REACTION_EMOJIS as readonly string[]).includes(emoji)) throw domainErrors.invalid(UNSUPPORTED_REACTION);
      const message = await messagesRepository(db).findById(messageId);
      if (!message) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      const roomId = message.room_id;
      if (!(await membersRepository(db).isActiveMember(roomId, userId))) {
        throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
      }
      // A muted member's attempts do not spend their reaction budget.
      await assertNotMuted(db, roomId, userId, now());
      await limits.reaction(userId);

      return changes.commit(roomId, async (trx, nowIso) => {
        if (!(await membersRepository(trx).isActiveMember(roomId, userId))) {
          throw await refusalFor(trx, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
        }
        await assertNotMuted(trx, roomId, userId, Date.parse(nowIso));
        if (!(await messagesRepository(trx).findById(messageId))) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
        const removed = await reactionsRepository(trx).delete(messageId, userId, emoji);
        let added = false;
        let event: ToggleEvent | undefined;
        if (removed) {
          event = { type: 'reaction.removed', reaction: toReactionDto(removed, undefined) };
        } else {
          const row = {
            id: randomUUID(),
            message_id: messageId,
            room_id: roomId,
            user_id: userId,
            emoji,
            created_at: nowIso,
          };
          added = await reactionsRepository(trx).insertIfAbsent(row);
          if (added) event = { type: 'reaction.added', reaction: toReactionDto(row, undefined) };
          else added = true; // already there (cannot happen under the room lock, but stays correct)
        }
        // Reactor names travel with every reaction, so chips can list who reacted.
        const rows = await reactionsRepository(trx).listForMessagesWithReactors([messageId]);
        const reactions = rows.map((r) => toReactionDto(r, reactorOf(r)));
        if (event) {
          const mine = rows.find((r) => r.user_id === userId);
          const me = mine ? reactorOf(mine) : await messagesRepository(trx).findAuthor(userId);
          event = { ...event, reaction: { ...event.reaction, user: toUserSummaryDto(userId, me) } };
        }
        return { result: { added, reactions }, events: event ? [event] : [] };
      });
    },
  };
}

export type ReactionsService = ReturnType<typeof createReactionsService>;

type ToggleEvent =
  | { type: 'reaction.added'; reaction: ReturnType<typeof toReactionDto> }
  | { type: 'reaction.removed'; reaction: ReturnType<typeof toReactionDto> };
