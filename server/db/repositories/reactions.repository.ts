import type { Kysely } from 'kysely';
import type { Database, MessageReactionRow } from '../schema';

type Db = Kysely<Database>;

/** Adds the reaction unless the user already has this emoji on the message; true when added. */
export async function insertReactionIfAbsent(db: Db, reaction: MessageReactionRow): Promise<boolean> {
  const inserted = await db
    .insertInto('message_reactions')
    .values(reaction)
    .onConflict((oc) => oc.columns(['message_id', 'user_id', 'emoji']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes the user's reaction and returns it; undefined when there was none. */
export async function deleteReaction(
  db: Db,
  messageId: string,
  userId: string,
  emoji: string,
): Promise<MessageReactionRow | undefined> {
  return db
    .deleteFrom('message_reactions')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .where('emoji', '=', emoji)
    .returningAll()
    .executeTakeFirst();
}

/** Reactions of the given messages, oldest first. */
export async function listReactionsForMessages(db: Db, messageIds: string[]): Promise<MessageReactionRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('message_reactions')
    .selectAll()
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
