import { randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../server/db/database';
import type { NewProfile } from '../../server/db/schema';
import { newProfileRow } from '../../server/testing/builders';
import { hashToken, SESSION_TTL_MS } from '../../server/services/sessions.service';

export interface BenchUser {
  id: string;
  cookie: string;
}

export interface BenchRoom {
  id: string;
  /** Members that hold a WebSocket (receivers). */
  members: BenchUser[];
  /** Members that only send over HTTP, each kept under the 10-per-minute send limit. */
  senders: BenchUser[];
}

const BATCH = 500;

/**
 * Rooms, members and signed-in sessions written in bulk (one transaction), as sign-in and
 * joining would leave them. Sending still goes through the product's HTTP API.
 */
export async function seedChat(
  handle: DatabaseHandle,
  shape: { rooms: number; membersPerRoom: number; sendersPerRoom: number },
): Promise<BenchRoom[]> {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + SESSION_TTL_MS).toISOString();
  const rooms: BenchRoom[] = [];
  const profiles: NewProfile[] = [];
  const sessions: Array<{ id: string; user_id: string; created_at: string; last_seen_at: string; expires_at: string }> =
    [];
  const members: Array<{ id: string; room_id: string; user_id: string; joined_at: string; left_at: null }> = [];
  const roomRows: Array<{
    id: string;
    title: string;
    repo_full_name: string;
    repo_key: string;
    created_by: string;
    last_activity_at: string;
    created_at: string;
    last_seq: number;
  }> = [];

  const makeUser = (roomId: string): BenchUser => {
    const rows = signedInUserRows(now, expires);
    profiles.push(rows.profile);
    sessions.push(rows.session);
    members.push({ id: randomUUID(), room_id: roomId, user_id: rows.user.id, joined_at: now, left_at: null });
    return rows.user;
  };

  for (let r = 0; r < shape.rooms; r += 1) {
    const id = randomUUID();
    const repo = `bench-owner/bench-room-${r}-${id.slice(0, 6)}`;
    const room: BenchRoom = { id, members: [], senders: [] };
    for (let m = 0; m < shape.membersPerRoom; m += 1) room.members.push(makeUser(id));
    for (let s = 0; s < shape.sendersPerRoom; s += 1) room.senders.push(makeUser(id));
    roomRows.push({
      id,
      title: `bench-room-${r} Discussion`,
      repo_full_name: repo,
      repo_key: repo.toLowerCase(),
      created_by: room.members[0]?.id ?? room.senders[0]?.id ?? '',
      last_activity_at: now,
      created_at: now,
      last_seq: 0,
    });
    rooms.push(room);
  }

  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < profiles.length; i += BATCH) {
      await trx
        .insertInto('profiles')
        .values(profiles.slice(i, i + BATCH))
        .execute();
    }
    for (let i = 0; i < sessions.length; i += BATCH) {
      await trx
        .insertInto('sessions')
        .values(sessions.slice(i, i + BATCH))
        .execute();
    }
    for (let i = 0; i < roomRows.length; i += BATCH) {
      await trx
        .insertInto('chat_rooms')
        .values(roomRows.slice(i, i + BATCH))
        .execute();
    }
    for (let i = 0; i < members.length; i += BATCH) {
      await trx
        .insertInto('chat_members')
        .values(members.slice(i, i + BATCH))
        .execute();
    }
  });
  return rooms;
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A user's profile and signed-in session as sign-in leaves them, and the cookie that session sets. */
export function signedInUserRows(
  now: string,
  expires: string = new Date(Date.now() + SESSION_TTL_MS).toISOString(),
): { user: BenchUser; profile: NewProfile; session: SessionRow } {
  const id = randomUUID();
  const login = `bench-${id.slice(0, 13)}`;
  const token = randomBytes(32).toString('base64url');
  return {
    user: { id, cookie: `rr_session=${token}` },
    profile: profileRow(id, login, now),
    session: { id: hashToken(token), user_id: id, created_at: now, last_seen_at: now, expires_at: expires },
  };
}

// Sequential ids from a random base: unique within a seed and across seeds of one database.
let nextGithubId = 3_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100_000;

function profileRow(id: string, login: string, now: string): NewProfile {
  nextGithubId += 1;
  return newProfileRow({
    id,
    github_id: nextGithubId,
    username: login.slice(0, 20),
    display_name: login,
    github_username: login,
    created_at: now,
    updated_at: now,
  });
}
