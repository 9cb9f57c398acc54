import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database } from '../schema';
import type { SendScreeningRow } from './protection.repository';

/** What decides whether a member may post in a room now, read in one statement. */
export interface SendGateRow {
  /** The member's active membership, or null when they are not (or no longer) a member. */
  member_id: string | null;
  muted_until: string | null;
  slow_mode_seconds: number;
  /** Their newest message in the room, read only when the room has slow mode on. */
  last_sent_at: string | null;
}

/** The gate's tables and columns, for the gate alone and for a send's first reading. */
function gateOf(db: Kysely<Database>, roomId: string, userId: string) {
  return db
    .selectFrom('chat_rooms as r')
    .leftJoin('chat_members as m', (join) =>
      join.onRef('m.room_id', '=', 'r.id').on('m.user_id', '=', userId).on('m.left_at', 'is', null),
    )
    .select([
      'm.id as member_id',
      'm.muted_until',
      'r.slow_mode_seconds',
      sql<string | null>`case when r.slow_mode_seconds > 0 then (
        select lm.created_at from messages lm
        where lm.room_id = r.id and lm.user_id = m.user_id
        order by lm.created_at desc limit 1) end`.as('last_sent_at'),
    ])
    .where('r.id', '=', roomId);
}

const gate = preparedQuery(2, (db, roomId: string, userId: string) => gateOf(db, roomId, userId));

/**
 * What a send reads before its transaction, in the same statement as its gate: the sender's
 * message with this client id if there is one (a retry), the profile it is shown with, and what
 * the room's protection judges the send by (its settings, the sender's standing and the other
 * rooms where the sender wrote the same text lately).
 */
export interface SendCheckRow extends SendGateRow, SendScreeningRow {
  /** The id of the sender's message with this client id, sent before (in any room). */
  existing_id: string | null;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  github_username: string | null;
  /** Null when the sender has no profile row. */
  profile_id: string | null;
}

/** The text a send is judged by, and since when the same text elsewhere counts. */
export interface SameTextWindow {
  content: string;
  since: string;
}

const sendCheck = preparedQuery(
  5,
  (db, roomId: string, userId: string, clientId: string, content: string, since: string) =>
    gateOf(db, roomId, userId)
      .leftJoin('profiles as p', (join) => join.on('p.id', '=', userId))
      .select([
        sql<
          string | null
        >`(select em.id from messages em where em.user_id = ${userId} and em.client_id = ${clientId})`.as(
          'existing_id',
        ),
        'p.id as profile_id',
        'p.username',
        'p.display_name',
        'p.avatar_url',
        'p.github_username',
        'r.new_account_days',
        'r.first_messages_held',
        'r.newcomer_links_held',
        'r.locked',
        'r.repo_full_name',
        'm.moderator',
        'm.joined_at',
        'p.github_created_at',
        // Published or held: a text pasted into many rooms is held either way.
        sql<number | string>`(select count(*) from (
          select sm.room_id from messages sm
          where sm.user_id = ${userId} and sm.created_at >= ${since} and sm.content = ${content} and sm.room_id <> ${roomId}
          union
          select sh.room_id from held_messages sh
          where sh.user_id = ${userId} and sh.created_at >= ${since} and sh.content = ${content} and sh.room_id <> ${roomId}
        ) same_text)`.as('same_text_rooms'),
      ]),
);

/**
 * A send's gate, earlier message with the same client id, sender profile and protection facts in
 * one statement; undefined when there is no such room.
 */
export async function readSendCheck(
  db: Kysely<Database>,
  roomId: string,
  userId: string,
  clientId: string,
  sameText: SameTextWindow,
): Promise<SendCheckRow | undefined> {
  const row = await sendCheck.first(db, roomId, userId, clientId, sameText.content, sameText.since);
  return row
    ? {
        ...row,
        slow_mode_seconds: Number(row.slow_mode_seconds ?? 0),
        same_text_rooms: Number(row.same_text_rooms ?? 0),
      }
    : undefined;
}

/** The send gate of a member in a room (db may be a transaction); undefined when there is no such room. */
export async function readSendGate(
  db: Kysely<Database>,
  roomId: string,
  userId: string,
): Promise<SendGateRow | undefined> {
  const row = await gate.first(db, roomId, userId);
  return row ? { ...row, slow_mode_seconds: Number(row.slow_mode_seconds ?? 0) } : undefined;
}
