import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { buildUser, signIn } from './builders';
import { apiClient, type ApiClient } from './http';
import type { TestApp } from './test-app';
import type { JoinRoomResponse, MessageResponse } from '../../shared/api/rooms';

/** A signed-in user of a test app, with shortcuts for the room API. */
export interface TestMember {
  id: string;
  username: string;
  cookie: string;
  api: ApiClient;
  join(repoFullName: string): Promise<JoinRoomResponse>;
  send(roomId: string, content: string, clientId?: string): Promise<LightMyRequestResponse>;
}

let sent = 0;

export async function createMember(app: TestApp, overrides: { username?: string } = {}): Promise<TestMember> {
  const user = await buildUser(app.ctx.database.db, overrides.username ? { username: overrides.username } : {});
  const cookie = await signIn(app, user.id);
  const api = apiClient(app.app);
  return {
    id: user.id,
    username: user.username ?? '',
    cookie,
    api,
    async join(repoFullName) {
      const response = await api.post('/api/rooms/join', { repoFullName }, { cookie });
      if (response.statusCode !== 200) throw new Error(`join failed: ${response.statusCode} ${response.body}`);
      return response.json<JoinRoomResponse>();
    },
    async send(roomId, content, clientId) {
      sent += 1;
      const response = await api.post(
        `/api/rooms/${roomId}/messages`,
        { client_id: clientId ?? `c-${Date.now()}-${sent}`, content },
        { cookie },
      );
      // What follows a send (search words, mentions, the sender's read position) is applied in a
      // batch after its commit: tests read the product as it is once that batch has run.
      await app.services.postCommit.flush();
      return response;
    },
  };
}

export function messageOf(response: LightMyRequestResponse): MessageResponse['message'] {
  return response.json<MessageResponse>().message;
}

/** A clock tests can move forward (rate-limit windows) without waiting. */
export function testClock(start = Date.parse('2026-03-01T12:00:00.000Z')) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

/**
 * Repositories that exist on the emulated GitHub (its dataset's real ones): a room is created
 * only for a repository GitHub knows. Each call answers one not handed out before in this file.
 */
const KNOWN_REPOSITORIES = (
  JSON.parse(readFileSync(new URL('../../emulator/data/repositories.json', import.meta.url), 'utf8')) as {
    repositories: Array<{ full_name: string }>;
  }
).repositories.map((r) => r.full_name);
let handedOut = 0;

export function anotherRepo(): string {
  const name = KNOWN_REPOSITORIES[handedOut];
  if (!name) throw new Error('the emulator dataset has no more repositories to hand out');
  handedOut += 1;
  return name;
}

/**
 * Makes an active member a moderator of the room as if GitHub had just said so: the reading is
 * fresh (at the app's clock), so it stands for the next 10 minutes without asking GitHub.
 */
export async function makeModerator(app: TestApp, roomId: string, userId: string, now = Date.now()): Promise<void> {
  await app.ctx.database.db
    .updateTable('chat_members')
    .set({ moderator: true, role_checked_at: new Date(now).toISOString() })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .execute();
}

/** A room of a repository not handed out before, joined by each member in turn; its id. */
export async function roomWith(...members: TestMember[]): Promise<string> {
  const repo = anotherRepo();
  let roomId = '';
  for (const member of members) roomId = (await member.join(repo)).room.id;
  return roomId;
}
