import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../server/db/database';
import type { NewProfile } from '../../server/db/schema';
import { signedInUserRows, type SessionRow } from '../lib/seed-chat';

/** One seeded user as the load generator needs them: the session cookie and their rooms. */
export interface CapacityUser {
  id: string;
  cookie: string;
  /** Indexes into the population's rooms (distinct). */
  rooms: number[];
}

export interface Population {
  roomIds: string[];
  users: CapacityUser[];
}

export interface PopulationShape {
  users: number;
  rooms: number;
  roomsPerUser: number;
  /** Zipf exponent of room popularity. */
  zipfS: number;
  seed: number;
}

const BATCH = 500;

/** A small seeded PRNG (mulberry32): the same population on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Each user's rooms: `roomsPerUser` distinct rooms drawn by Zipf weights (room k of n weighs
 * k^-s), so a few rooms hold most users and the long tail holds a handful each.
 */
export function zipfMemberships(shape: PopulationShape): number[][] {
  const random = seededRandom(shape.seed);
  const cumulative = new Float64Array(shape.rooms);
  let total = 0;
  for (let k = 0; k < shape.rooms; k += 1) {
    total += (k + 1) ** -shape.zipfS;
    cumulative[k] = total;
  }
  const draw = (): number => {
    const target = random() * total;
    let lo = 0;
    let hi = shape.rooms - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const memberships: number[][] = [];
  for (let u = 0; u < shape.users; u += 1) {
    const rooms = new Set<number>();
    while (rooms.size < Math.min(shape.roomsPerUser, shape.rooms)) rooms.add(draw());
    memberships.push([...rooms]);
  }
  return memberships;
}

/**
 * Users, signed-in sessions and rooms written straight into the database (as sign-in would leave
 * them), in one transaction: 25,000 users take seconds. Memberships come per step (seedMemberships).
 */
export async function seedPopulation(handle: DatabaseHandle, shape: PopulationShape): Promise<Population> {
  const now = new Date().toISOString();
  const memberships = zipfMemberships(shape);
  const profiles: NewProfile[] = [];
  const sessions: SessionRow[] = [];
  const users: CapacityUser[] = [];
  for (const rooms of memberships) {
    const rows = signedInUserRows(now);
    profiles.push(rows.profile);
    sessions.push(rows.session);
    users.push({ ...rows.user, rooms });
  }
  const roomIds = Array.from({ length: shape.rooms }, () => randomUUID());
  const roomRows = roomIds.map((id, r) => {
    const repo = `capacity-owner/capacity-room-${r}-${id.slice(0, 6)}`;
    return {
      id,
      title: `capacity-room-${r} Discussion`,
      repo_full_name: repo,
      repo_key: repo.toLowerCase(),
      created_by: users[0]?.id ?? '',
      last_activity_at: now,
      created_at: now,
      last_seq: 0,
    };
  });
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
  });
  return { roomIds, users };
}

/**
 * Makes users `from` to `to` (exclusive) members of their rooms, as joining would leave them: a
 * step's rooms hold the users connected at that step, not the population of the largest step.
 */
export async function seedMemberships(
  handle: DatabaseHandle,
  population: Population,
  from: number,
  to: number,
): Promise<void> {
  const now = new Date().toISOString();
  const members = population.users.slice(from, to).flatMap((user) =>
    user.rooms.map((r) => ({
      id: randomUUID(),
      room_id: population.roomIds[r] ?? '',
      user_id: user.id,
      joined_at: now,
      left_at: null,
    })),
  );
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < members.length; i += BATCH) {
      await trx
        .insertInto('chat_members')
        .values(members.slice(i, i + BATCH))
        .execute();
    }
  });
}

/** Members per room among the first `n` users (the users connected at a step of n). */
export function roomSizes(population: Population, n: number): number[] {
  const sizes = new Array<number>(population.roomIds.length).fill(0);
  for (const user of population.users.slice(0, n)) for (const r of user.rooms) sizes[r] = (sizes[r] ?? 0) + 1;
  return sizes;
}
