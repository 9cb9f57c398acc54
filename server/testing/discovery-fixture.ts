import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { startEmulatorServer, type StartedEmulator } from '../../emulator/server';
import type { DatabaseEngine } from '../db/database';
import type { Database } from '../db/schema';
import { buildRoom, buildUser } from './builders';
import { apiClient, type ApiClient } from './http';
import { createTestApp, type TestApp } from './test-app';

/** The emulator dataset's reference day: date filters are computed from it in these tests. */
export const DATASET_NOW = Date.parse('2025-05-01T12:00:00Z');

export interface DiscoveryFixture {
  emulator: StartedEmulator;
  app: TestApp;
  api: ApiClient;
  /** Calls the emulator directly (what GitHub itself answers), bypassing the product. */
  github<T>(path: string): Promise<T>;
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  destroy(): Promise<void>;
}

/** A standalone emulator (generous rate limits) and the real app pointed at it. */
export async function startDiscoveryFixture(engine: DatabaseEngine): Promise<DiscoveryFixture> {
  const emulator = await startEmulatorServer({
    rateLimits: { searchAnonymous: 100_000, coreAnonymous: 100_000 },
  });
  const app = await createTestApp({
    engine,
    env: { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url },
    now: () => DATASET_NOW,
  });
  const headers = { 'user-agent': 'reporooms-tests', accept: 'application/vnd.github+json' };
  return {
    emulator,
    app,
    api: apiClient(app.app),
    async github<T>(path: string) {
      const response = await fetch(`${emulator.url}/api/v3${path}`, { headers });
      if (!response.ok) throw new Error(`emulator ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    async control(method, path, body) {
      const response = await fetch(`${emulator.url}/__control/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      });
      return response.json();
    },
    async destroy() {
      await app.destroy();
      await emulator.close();
    },
  };
}

/** A room for the repository with `active` current members and `left` former ones. */
export async function roomWithMembers(
  db: Kysely<Database>,
  repoFullName: string,
  counts: { active: number; left?: number; lastActivityAt?: string; lastMessageAt?: string },
): Promise<string> {
  const creator = await buildUser(db);
  const room = await buildRoom(db, creator.id, {
    repo_full_name: repoFullName,
    repo_key: repoFullName.toLowerCase(),
    ...(counts.lastActivityAt ? { last_activity_at: counts.lastActivityAt } : {}),
  });
  const joinedAt = new Date(DATASET_NOW - 3_600_000).toISOString();
  const total = counts.active + (counts.left ?? 0);
  for (let i = 0; i < total; i++) {
    const user = i === 0 ? creator : await buildUser(db);
    await db
      .insertInto('chat_members')
      .values({
        id: randomUUID(),
        room_id: room.id,
        user_id: user.id,
        joined_at: joinedAt,
        left_at: i < counts.active ? null : new Date(DATASET_NOW - 60_000).toISOString(),
      })
      .execute();
  }
  if (counts.lastMessageAt) {
    await db
      .insertInto('messages')
      .values({
        id: randomUUID(),
        room_id: room.id,
        user_id: creator.id,
        client_id: randomUUID(),
        content: 'hello',
        created_at: counts.lastMessageAt,
        edited_at: null,
      })
      .execute();
  }
  return room.id;
}
