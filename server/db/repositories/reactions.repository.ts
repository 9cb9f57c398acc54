import type { Kysely } from 'kysely';
import type { Database, MessageReactionRow } from '../schema';

type Db = Kysely<Database>;

/** Reactions on messages (db may be a transaction). */
export function reactionsRepository(db: Db) {
  return {
    /** Adds the reaction unless the user already has this emoji on the message; true when added. */
    async insertIfAbsent(reaction: MessageReactionRow): Promise<boolean> {
      const inserted = await db
        .insertInto('message_reactions')
        .values(reaction)
        .onConflict((oc) => oc.columns(['message_id', 'user_id', 'emoji']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Removes the user's reaction and returns it; undefined when there was none. */
    async delete(messageId: string, userId: string, emoji: string): Promise<MessageReactionRow | undefined> {
      return db
        .deleteFrom('message_reactions')
        .where('message_id', '=', messageId)
        .where('user_id', '=', userId)
        .where('emoji', '=', emoji)
        .returningAll()
        .executeTakeFirst();
    },

    /** Reactions of the given messages, oldest first. */
    async listForMessages(messageIds: string[]): Promise<MessageReactionRow[]> {
      if (messageIds.length === 0) return [];
      return db
        .selectFrom('message_reactions')
        .selectAll()
        .where('message_id', 'in', messageIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}
