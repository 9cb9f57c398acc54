import type { Kysely } from 'kysely';
import { mentionedHandles } from '../../../shared/mentions';
import type { Database } from '../../db/schema';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { readStateRepository } from '../../db/repositories/read-state.repository';
import { userIgnoresRepository } from '../../db/repositories/user-ignores.repository';

/** What the decision needs of a message. */
export interface MentioningMessage {
  id: string;
  room_id: string;
  user_id: string;
  content: string;
  reply_to_id: string | null;
}

/**
 * The one place that decides whom a message reaches as a mention: the people its text mentions
 * (`@login` outside code, naming a profile) and the author of the message it replies to, never its
 * own author. What is decided here is stored (message_mentions), counted as the "@" marker and the
 * Mentions count, listed on /mentions and announced in room activity, where it raises browser
 * notifications; a rule that keeps someone from being reached belongs here.
 */
export async function mentionRecipients(db: Kysely<Database>, message: MentioningMessage): Promise<string[]> {
  const byHandle = await readStateRepository(db).usersByHandle(mentionedHandles(message.content));
  const original =
    message.reply_to_id === null
      ? undefined
      : await messagesRepository(db).findInRoom(message.room_id, message.reply_to_id);
  const recipients = new Set([...byHandle, ...(original ? [original.user_id] : [])]);
  recipients.delete(message.user_id);
  if (recipients.size === 0) return [];
  // Someone who ignores the author is not reached by their mentions or replies.
  const ignoring = await userIgnoresRepository(db).whoIgnore(message.user_id, [...recipients]);
  return [...recipients].filter((id) => !ignoring.has(id));
}
