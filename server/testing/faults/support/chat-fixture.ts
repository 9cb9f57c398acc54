import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../db/database';
import { sessionsRepository } from '../../../db/repositories/sessions.repository';
import { createSessionsService } from '../../../services/sessions.service';
import { buildRoom, buildUser } from '../../builders';

export interface ChatUser {
  id: string;
  /** Cookie header value: `rr_session=<token>`. */
  cookie: string;
}

export interface ChatRoomFixture {
  id: string;
  members: ChatUser[];
}

/**
 * Rooms and signed-in members, written straight into the database the product uses, as sign-in
 * and joining would leave them. Everything afterwards goes through the product's HTTP and WS API.
 */
export async function openFixtureDatabase(url: string): Promise<DatabaseHandle> {
  return openDatabase(url, { poolSize: 4 });
}

export async function createUsers(handle: DatabaseHandle, count: number): Promise<ChatUser[]> {
  const sessions = createSessionsService(sessionsRepository(handle.db));
  const users: ChatUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const profile = await buildUser(handle.db);
    const { token } = await sessions.create(profile.id);
    users.push({ id: profile.id, cookie: `rr_session=${token}` });
  }
  return users;
}

/** A room whose active members are `members` (no join events: the log starts empty). */
export async function createRoomWithMembers(handle: DatabaseHandle, members: ChatUser[]): Promise<ChatRoomFixture> {
  const first = members[0];
  if (!first) throw new Error('a room needs at least one member');
  const room = await buildRoom(handle.db, first.id, { repo_full_name: `fault-owner/room-${randomUUID().slice(0, 8)}` });
  const joinedAt = new Date().toISOString();
  for (let i = 0; i < members.length; i += 200) {
    await handle.db
      .insertInto('chat_members')
      .values(
        members.slice(i, i + 200).map((user) => ({
          id: randomUUID(),
          room_id: room.id,
          user_id: user.id,
          joined_at: joinedAt,
          left_at: null,
        })),
      )
      .execute();
  }
  return { id: room.id, members };
}

export interface LoggedEvent {
  seq: number;
  type: string;
  /** message id for message events, else undefined. */
  messageId: string | undefined;
}

/** The room's event log as stored: the source of truth every client must converge to. */
export async function readEventLog(handle: DatabaseHandle, roomId: string): Promise<LoggedEvent[]> {
  const rows = await handle.db
    .selectFrom('room_events')
    .select(['seq', 'type', 'payload'])
    .where('room_id', '=', roomId)
    .orderBy('seq', 'asc')
    .execute();
  return rows.map((row) => ({ seq: Number(row.seq), type: row.type, messageId: messageIdOf(parseJson(row.payload)) }));
}

/** client_id → how many stored messages carry it, for the given rooms. */
export async function countMessagesByClientId(handle: DatabaseHandle, roomIds: string[]): Promise<Map<string, number>> {
  const rows = await handle.db
    .selectFrom('messages')
    .select(['client_id', sql<number>`count(*)`.as('n')])
    .where('room_id', 'in', roomIds)
    .groupBy('client_id')
    .execute();
  return new Map(rows.map((row) => [row.client_id, Number(row.n)]));
}

export function messageIdOf(event: unknown): string | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const record = event as Record<string, unknown>;
  const message = record.message as Record<string, unknown> | undefined;
  if (message && typeof message.id === 'string') return message.id;
  if (typeof record.message_id === 'string') return record.message_id;
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
