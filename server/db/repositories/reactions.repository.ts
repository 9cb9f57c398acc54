import type { Kysely } from 'kysely';
import type { Database, MessageReactionRow } from '../schema';

type Db = Kysely<Database>;

/** A reaction and the public profile fields of who reacted (null when the profile is gone). */
export type ReactionWithReactorRow = MessageReactionRow & {
  reactor_id: string | null;
  reactor_username: string | null;
  reactor_display_name: string | null;
  reactor_avatar_url: string | null;
  reactor_github_username: string | null;
};

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

    /**
     * Reactions of the given messages, oldest first, each with its reactor's public profile fields
     * (null when the profile is gone): a page's reactions and reactors in one indexed statement.
     */
    async listForMessagesWithReactors(messageIds: string[]): Promise<ReactionWithReactorRow[]> {
      if (messageIds.length === 0) return [];
      return db
        .selectFrom('message_reactions')
        .leftJoin('profiles', 'profiles.id', 'message_reactions.user_id')
        .selectAll('message_reactions')
        .select([
          'profiles.id as reactor_id',
          'profiles.username as reactor_username',
          'profiles.display_name as reactor_display_name',
          'profiles.avatar_url as reactor_avatar_url',
          'profiles.github_username as reactor_github_username',
        ])
        .where('message_reactions.message_id', 'in', messageIds)
        .orderBy('message_reactions.created_at')
        .orderBy('message_reactions.id')
        .execute();
    },
  };
}
