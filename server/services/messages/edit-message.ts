import type { Kysely } from 'kysely';
import type { MessageDto } from '../../../shared/api/rooms';
import { isBlankText } from '../../../shared/validation/clean-text';
import { sanitizeMessage } from '../../../shared/validation/message';
import type { Database } from '../../db/schema';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { domainErrors, MESSAGE_NOT_FOUND } from '../../errors';
import { refuseIfBanned } from '../moderation/bans';
import { assertNotMuted } from '../moderation/mutes';
import { recordMentions } from '../read-state/read-state.service';
import type { RoomChanges } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { checkedContent } from './message-content';
import { showCurrentTextInLog } from './message-history';
import type { MessageReferencesService } from './message-references.service';
import { presentMessages } from './message.presenter';

export interface EditMessageDeps {
  db: Kysely<Database>;
  changes: RoomChanges;
  limits: Pick<ChatRateLimits, 'edit'>;
  now: () => number;
  references?: Pick<MessageReferencesService, 'keepForEdit' | 'afterEdit'> | undefined;
}

/** An author replaces the text of their own message (the log then shows only the new text). */
export function createEditMessage({ db, changes, limits, now, references }: EditMessageDeps) {
  return async function edit(userId: string, messageId: string, rawContent: string): Promise<MessageDto> {
    const current = await messagesRepository(db).findById(messageId);
    if (!current) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
    if (current.user_id !== userId) throw domainErrors.forbidden('You can only edit your own messages');
    // Banned: not even their old messages (re-checked under the room lock, where a ban commits).
    await refuseIfBanned(db, current.room_id, userId);
    // docs/PRODUCT.md §5: a blank edit is ignored (blank as stored: invisible characters do not count).
    if (isBlankText(sanitizeMessage(rawContent))) return (await presentMessages(db, [current]))[0] as MessageDto;
    const content = checkedContent(rawContent);
    if (content === current.content) return (await presentMessages(db, [current]))[0] as MessageDto;
    await assertNotMuted(db, current.room_id, userId, now());
    await limits.edit(userId);

    let referring = false;
    const edited = await changes.change(current.room_id, async (trx, nowIso) => {
      await refuseIfBanned(trx, current.room_id, userId);
      await assertNotMuted(trx, current.room_id, userId, Date.parse(nowIso));
      const updated = await messagesRepository(trx).updateOwn(messageId, userId, content, nowIso);
      if (!updated) throw domainErrors.notFound(MESSAGE_NOT_FOUND);
      if (references) referring = await references.keepForEdit(trx, updated);
      const message = (await presentMessages(trx, [updated]))[0] as MessageDto;
      await showCurrentTextInLog(trx, message);
      await recordMentions(trx, updated);
      return { result: message, events: [{ type: 'message.updated', message }] };
    });
    if (referring) references?.afterEdit(edited);
    return edited;
  };
}
