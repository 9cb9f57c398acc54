import type { Kysely } from 'kysely';
import type { Database, HeldMessageRow } from '../schema';

/** A room's protection settings as stored (docs/PRODUCT.md §20). */
export interface ProtectionRow {
  new_account_days: number;
  first_messages_held: number;
  newcomer_links_held: number;
  locked: number;
}

/**
 * What judging one send needs: the room's settings, the sender's standing and how many other rooms
 * got the same text from them lately. Read with the send's own checks (send-gate.repository.ts).
 */
export interface SendScreeningRow extends ProtectionRow {
  repo_full_name: string;
  moderator: boolean | number | null;
  joined_at: string | null;
  github_created_at: string | null;
  github_username: string | null;
  same_text_rooms: number;
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
