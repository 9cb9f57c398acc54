import { sql, type Kysely } from 'kysely';
import type { Database, HeldMessageRow } from '../schema';

/** A room's protection settings as stored (docs/PRODUCT.md §20). */
export interface ProtectionRow {
  new_account_days: number;
  first_messages_held: number;
  newcomer_links_held: number;
  locked: number;
}

/** What judging one send needs: the room's settings and the sender's standing, in one statement. */
export interface ScreeningRow extends ProtectionRow {
  repo_full_name: string;
  moderator: boolean | number | null;
  joined_at: string | null;
  github_created_at: string | null;
  github_username: string | null;
}

export type HeldWithAuthorRow = HeldMessageRow & {
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  github_username: string | null;
};

/** Protection settings of rooms and the messages held for approval: the only SQL on them. */
export function protectionRepository(db: Kysely<Database>) {
  function heldWithAuthor() {
    return db
      .selectFrom('held_messages as h')
      .leftJoin('profiles as p', 'p.id', 'h.user_id')
      .selectAll('h')
      .select(['p.username', 'p.display_name', 'p.avatar_url', 'p.github_username']);
  }

  return {
    async settings(roomId: string): Promise<ProtectionRow | undefined> {
      return db
        .selectFrom('chat_rooms')
        .select(['new_account_days', 'first_messages_held', 'newcomer_links_held', 'locked'])
        .where('id', '=', roomId)
        .executeTakeFirst();
    },

    async setSettings(roomId: string, settings: ProtectionRow): Promise<void> {
      await db.updateTable('chat_rooms').set(settings).where('id', '=', roomId).execute();
    },

    async screening(roomId: string, userId: string): Promise<ScreeningRow | undefined> {
      return db
        .selectFrom('chat_rooms as r')
        .leftJoin('chat_members as m', (join) =>
          join.onRef('m.room_id', '=', 'r.id').on('m.user_id', '=', userId).on('m.left_at', 'is', null),
        )
        .leftJoin('profiles as p', (join) => join.on('p.id', '=', userId))
        .select([
          'r.new_account_days',
          'r.first_messages_held',
          'r.newcomer_links_held',
          'r.locked',
          'r.repo_full_name',
          'm.moderator',
          'm.joined_at',
          'p.github_created_at',
          'p.github_username',
        ])
        .where('r.id', '=', roomId)
        .executeTakeFirst();
    },

    /** How many messages the user has published in the room, counting up to `cap`. */
    async publishedCount(roomId: string, userId: string, cap: number): Promise<number> {
      const rows = await db
        .selectFrom('messages')
        .select('id')
        .where('room_id', '=', roomId)
        .where('user_id', '=', userId)
        .limit(cap)
        .execute();
      return rows.length;
    },

    /** Other rooms where the user wrote exactly this text since `since` (published or held). */
    async roomsWithSameText(userId: string, roomId: string, content: string, since: string): Promise<number> {
      const row = await db
        .selectFrom(
          db
            .selectFrom('messages')
            .select('room_id')
            .where('user_id', '=', userId)
            .where('created_at', '>=', since)
            .where('content', '=', content)
            .where('room_id', '<>', roomId)
            .union(
              db
                .selectFrom('held_messages')
                .select('room_id')
                .where('user_id', '=', userId)
                .where('created_at', '>=', since)
                .where('content', '=', content)
                .where('room_id', '<>', roomId),
            )
            .as('rooms'),
        )
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Holds a message; a second hold with the same client id keeps the first. */
    async hold(row: Omit<HeldMessageRow, 'status' | 'decided_at'>): Promise<void> {
      await db
        .insertInto('held_messages')
        .values(row)
        .onConflict((c) => c.columns(['user_id', 'client_id']).doNothing())
        .execute();
    },

    async heldByClientId(userId: string, clientId: string): Promise<HeldWithAuthorRow | undefined> {
      return heldWithAuthor().where('h.user_id', '=', userId).where('h.client_id', '=', clientId).executeTakeFirst();
    },

    async heldById(heldId: string): Promise<HeldWithAuthorRow | undefined> {
      return heldWithAuthor().where('h.id', '=', heldId).executeTakeFirst();
    },

    /** Every message of the room waiting for approval, oldest first. */
    async pendingInRoom(roomId: string): Promise<HeldWithAuthorRow[]> {
      return heldWithAuthor()
        .where('h.room_id', '=', roomId)
        .where('h.status', '=', 'pending')
        .orderBy('h.created_at', 'asc')
        .limit(200)
        .execute();
    },

    /** How many messages of the room wait for approval (the moderators' "Review" count). */
    async countPending(roomId: string): Promise<number> {
      const row = await db
        .selectFrom('held_messages')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('room_id', '=', roomId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The user's own held messages of the room: waiting, or rejected since `rejectedSince`. */
    async mineInRoom(roomId: string, userId: string, rejectedSince: string): Promise<HeldWithAuthorRow[]> {
      return heldWithAuthor()
        .where('h.room_id', '=', roomId)
        .where('h.user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('h.status', '=', 'pending'),
            eb.and([eb('h.status', '=', 'rejected'), eb('h.decided_at', '>=', rejectedSince)]),
          ]),
        )
        .orderBy('h.created_at', 'asc')
        .limit(100)
        .execute();
    },

    async reject(heldId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('held_messages')
        .set({ status: 'rejected', decided_at: at })
        .where('id', '=', heldId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes a pending message (it is being published); false when another decision came first. */
    async takePending(heldId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('held_messages')
        .where('id', '=', heldId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
