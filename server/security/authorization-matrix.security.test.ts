import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulatorServer, type StartedEmulator } from '../../emulator/server';
import type { DatabaseHandle } from '../db/database';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every API route × every kind of caller. Refusals must leave the database exactly as it was.
 * anon: signed out; stranger: signed in, never joined; member: active member, not the author;
 * owner: active member, author of the message, owner of the profile; moderator: active member
 * whom GitHub lists as a maintainer of the room's repository (not the author).
 */
type Actor = 'anon' | 'stranger' | 'member' | 'owner' | 'moderator';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface World {
  roomId: string;
  messageId: string;
  ownerUsername: string;
  privateUsername: string;
  cookies: Record<Exclude<Actor, 'anon'>, string>;
  moderatorId: string;
  memberId: string;
  ownerId: string;
}

interface Row {
  method: Method;
  path: (w: World) => string;
  body?: (w: World) => unknown;
  /** A moderator is answered like a member unless the row says otherwise. */
  expect: Record<Exclude<Actor, 'moderator'>, number> & { moderator?: number };
}

const all = (status: number): Row['expect'] => ({
  anon: status,
  stranger: status,
  member: status,
  owner: status,
});
const signedIn = (status: number): Row['expect'] => ({
  anon: 401,
  stranger: status,
  member: status,
  owner: status,
});
const expected = (row: Row, actor: Actor): number =>
  actor === 'moderator' ? (row.expect.moderator ?? row.expect.member) : row.expect[actor];

const ROWS: Row[] = [
  { method: 'GET', path: () => '/api/health', expect: all(200) },
  { method: 'GET', path: () => '/api/config', expect: all(200) },
  { method: 'GET', path: () => '/api/stats', expect: all(200) },
  { method: 'GET', path: () => '/api/me', expect: signedIn(200) },
  { method: 'GET', path: () => '/api/me/rooms', expect: signedIn(200) },
  { method: 'GET', path: () => '/api/me/mentions', expect: signedIn(200) },
  { method: 'GET', path: () => '/api/profile', expect: signedIn(200) },
  // Each caller edits only their own profile; a foreign id in the body is ignored (checked below).
  {
    method: 'PATCH',
    path: () => '/api/profile',
    body: (w) => ({ id: w.ownerId, display_name: 'Changed' }),
    expect: signedIn(200),
  },
  // These users have no GitHub login, so a signed-in sync is refused as 'No GitHub Account'.
  { method: 'POST', path: () => '/api/profile/sync', body: () => ({}), expect: signedIn(400) },
  { method: 'GET', path: (w) => `/api/users/${w.ownerUsername}`, expect: all(200) },
  { method: 'GET', path: (w) => `/api/users/${w.privateUsername}`, expect: all(404) },
  { method: 'GET', path: () => '/api/discovery/trending', expect: all(200) },
  { method: 'GET', path: () => '/api/discovery/search?q=react', expect: all(200) },
  { method: 'GET', path: () => '/api/repos/facebook/react', expect: all(200) },
  { method: 'GET', path: () => '/api/repos/facebook/react/good-first-issues', expect: all(200) },
  { method: 'GET', path: () => '/api/rooms/activity?repos=facebook/react', expect: all(200) },
  {
    method: 'POST',
    path: () => '/api/rooms/join',
    body: () => ({ repoFullName: 'vercel/next.js' }),
    expect: signedIn(200),
  },
  // Reading a room needs no membership nor session (docs/PRODUCT.md §22).
  { method: 'GET', path: (w) => `/api/rooms/${w.roomId}`, expect: all(200) },
  { method: 'POST', path: (w) => `/api/rooms/${w.roomId}/join`, body: () => ({}), expect: signedIn(200) },
  { method: 'POST', path: (w) => `/api/rooms/${w.roomId}/leave`, body: () => ({}), expect: signedIn(204) },
  { method: 'GET', path: (w) => `/api/rooms/${w.roomId}/members`, expect: signedIn(200) },
  { method: 'GET', path: (w) => `/api/rooms/${w.roomId}/messages`, expect: all(200) },
  // The snapshot: anyone reads it; only members find their own standing in it.
  { method: 'GET', path: (w) => `/api/rooms/${w.roomId}/state`, expect: all(200) },
  {
    method: 'POST',
    path: (w) => `/api/rooms/${w.roomId}/messages`,
    body: () => ({ client_id: randomUUID(), content: 'hello there' }),
    expect: { anon: 401, stranger: 403, member: 201, owner: 201 },
  },
  {
    method: 'PATCH',
    path: (w) => `/api/messages/${w.messageId}`,
    body: () => ({ content: 'rewritten by someone' }),
    expect: { anon: 401, stranger: 403, member: 403, owner: 200 },
  },
  {
    method: 'DELETE',
    path: (w) => `/api/messages/${w.messageId}`,
    body: () => ({}),
    expect: { anon: 401, stranger: 403, member: 403, owner: 204 },
  },
  // Only a moderator of the room removes someone else's message; the author deletes instead.
  {
    method: 'POST',
    path: (w) => `/api/messages/${w.messageId}/remove`,
    body: () => ({}),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 204 },
  },
  {
    method: 'POST',
    path: (w) => `/api/rooms/${w.roomId}/mutes`,
    body: (w) => ({ user_id: w.memberId, duration: '10m' }),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'DELETE',
    path: (w) => `/api/rooms/${w.roomId}/mutes/${w.memberId}`,
    body: () => ({}),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 204 },
  },
  {
    method: 'GET',
    path: (w) => `/api/rooms/${w.roomId}/bans`,
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'POST',
    path: (w) => `/api/rooms/${w.roomId}/bans`,
    body: (w) => ({ user_id: w.memberId }),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 204 },
  },
  {
    method: 'DELETE',
    path: (w) => `/api/rooms/${w.roomId}/bans/${w.memberId}`,
    body: () => ({}),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 204 },
  },
  { method: 'GET', path: (w) => `/api/rooms/${w.roomId}/pins`, expect: signedIn(200) },
  {
    method: 'PUT',
    path: (w) => `/api/rooms/${w.roomId}/topic`,
    body: () => ({ topic: 'Releases every Friday' }),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'GET',
    path: (w) => `/api/rooms/${w.roomId}/protection`,
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'PUT',
    path: (w) => `/api/rooms/${w.roomId}/protection`,
    body: () => ({ new_account_days: 7, first_messages_held: 1, newcomer_links: 'held', locked: true }),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  // Anyone signed in gets their own held messages (none here); a moderator the room's.
  { method: 'GET', path: (w) => `/api/rooms/${w.roomId}/held-messages`, expect: signedIn(200) },
  {
    method: 'POST',
    path: () => `/api/held-messages/${randomUUID()}/approve`,
    body: () => ({}),
    expect: { anon: 401, stranger: 404, member: 404, owner: 404 },
  },
  {
    method: 'POST',
    path: () => `/api/held-messages/${randomUUID()}/reject`,
    body: () => ({}),
    expect: { anon: 401, stranger: 404, member: 404, owner: 404 },
  },
  { method: 'GET', path: () => '/api/me/mail', expect: signedIn(200) },
  {
    method: 'PUT',
    path: () => '/api/me/mail',
    body: () => ({ mentions_and_replies: false, digest_room_ids: [] }),
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    path: (w) => `/api/rooms/${w.roomId}/slow-mode`,
    body: () => ({ seconds: 30 }),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'POST',
    path: (w) => `/api/messages/${w.messageId}/pin`,
    body: () => ({}),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 204 },
  },
  {
    method: 'DELETE',
    path: (w) => `/api/messages/${w.messageId}/pin`,
    body: () => ({}),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 204 },
  },
  // Moderators only: the log, the open reports and their count, and dismissing a report.
  {
    method: 'GET',
    path: (w) => `/api/rooms/${w.roomId}/moderation-log`,
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'GET',
    path: (w) => `/api/rooms/${w.roomId}/reports`,
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'GET',
    path: (w) => `/api/rooms/${w.roomId}/reports/count`,
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 200 },
  },
  {
    method: 'POST',
    path: (w) => `/api/messages/${w.messageId}/reports/dismiss`,
    body: () => ({}),
    expect: { anon: 401, stranger: 403, member: 403, owner: 403, moderator: 204 },
  },
  // Any member reports someone else's message; its author cannot.
  {
    method: 'POST',
    path: (w) => `/api/messages/${w.messageId}/reports`,
    body: () => ({ reason: 'spam' }),
    expect: { anon: 401, stranger: 403, member: 204, owner: 403, moderator: 204 },
  },
  // Each caller's own list of ignored people; nobody ignores themselves.
  { method: 'GET', path: () => '/api/me/ignored', expect: signedIn(200) },
  {
    method: 'PUT',
    path: (w) => `/api/me/ignored/${w.ownerId}`,
    body: () => ({}),
    expect: { anon: 401, stranger: 204, member: 204, owner: 400 },
  },
  { method: 'DELETE', path: (w) => `/api/me/ignored/${w.ownerId}`, body: () => ({}), expect: signedIn(204) },
  {
    method: 'PUT',
    path: (w) => `/api/rooms/${w.roomId}/notifications`,
    body: () => ({ level: 'mute' }),
    expect: { anon: 401, stranger: 403, member: 200, owner: 200 },
  },
  {
    method: 'POST',
    path: (w) => `/api/messages/${w.messageId}/reactions`,
    body: () => ({ emoji: '👍' }),
    expect: { anon: 401, stranger: 403, member: 200, owner: 200 },
  },
  { method: 'POST', path: () => '/api/auth/sign-out', body: () => ({}), expect: all(204) },
];

/** Every row of every table that requests can change, as one comparable string. */
async function snapshot(database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const tables = [
    db.selectFrom('profiles').selectAll().orderBy('id').execute(),
    db.selectFrom('sessions').select(['id', 'user_id']).orderBy('id').execute(),
    db.selectFrom('chat_rooms').selectAll().orderBy('id').execute(),
    db.selectFrom('chat_members').selectAll().orderBy('id').execute(),
    db.selectFrom('messages').selectAll().orderBy('id').execute(),
    db.selectFrom('message_reactions').selectAll().orderBy('id').execute(),
    db.selectFrom('room_events').selectAll().orderBy('room_id').orderBy('seq').execute(),
    db.selectFrom('room_bans').selectAll().orderBy('room_id').orderBy('user_id').execute(),
    db.selectFrom('pinned_messages').selectAll().orderBy('message_id').execute(),
    db.selectFrom('moderation_log').selectAll().orderBy('id').execute(),
    db.selectFrom('message_reports').selectAll().orderBy('id').execute(),
    db.selectFrom('user_ignores').selectAll().orderBy('user_id').orderBy('ignored_user_id').execute(),
    db.selectFrom('user_repositories').selectAll().orderBy('id').execute(),
    db.selectFrom('user_contributions').selectAll().orderBy('id').execute(),
  ];
  return JSON.stringify(await Promise.all(tables));
}

let emulator: StartedEmulator;
beforeAll(async () => {
  // The matrix is about who may do what, not GitHub's quota: both engines' runs share this emulator.
  emulator = await startEmulatorServer({
    port: 0,
    rateLimits: { coreAnonymous: 100_000, searchAnonymous: 100_000 },
  });
});
afterAll(() => emulator.close());

describeEachDatabase('authorisation matrix', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      engine,
      env: { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url },
    });
  });
  afterAll(() => testApp.destroy());

  /** A fresh room with an owner (author of one message), a member and a stranger. */
  async function buildWorld(): Promise<World> {
    const db = testApp.database.db;
    const now = new Date().toISOString();
    const owner = await buildUser(db, { github_username: null });
    const member = await buildUser(db, { github_username: null });
    const stranger = await buildUser(db, { github_username: null });
    const moderator = await buildUser(db, { github_username: null });
    const hidden = await buildUser(db, { profile_visibility: 'private' });
    // A member who has reported the owner's message (an open report for moderators to see).
    const reporter = await buildUser(db, { github_username: null });
    const room = await buildRoom(db, owner.id);
    for (const user of [owner, member, moderator, reporter]) {
      await db
        .insertInto('chat_members')
        .values({
          id: randomUUID(),
          room_id: room.id,
          user_id: user.id,
          joined_at: now,
          left_at: null,
          // Read from GitHub just now: the role stands for the whole test.
          moderator: user === moderator,
          role_checked_at: now,
        })
        .execute();
    }
    const messageId = randomUUID();
    await db
      .insertInto('messages')
      .values({
        id: messageId,
        room_id: room.id,
        user_id: owner.id,
        client_id: randomUUID(),
        content: 'original',
        created_at: now,
        edited_at: null,
      })
      .execute();
    await db
      .insertInto('message_reports')
      .values({
        id: randomUUID(),
        message_id: messageId,
        room_id: room.id,
        reporter_id: reporter.id,
        reason: 'abuse',
        created_at: now,
      })
      .execute();
    return {
      roomId: room.id,
      messageId,
      ownerId: owner.id,
      moderatorId: moderator.id,
      memberId: member.id,
      ownerUsername: owner.username ?? '',
      privateUsername: hidden.username ?? '',
      cookies: {
        owner: await signIn(testApp, owner.id),
        member: await signIn(testApp, member.id),
        stranger: await signIn(testApp, stranger.id),
        moderator: await signIn(testApp, moderator.id),
      },
    };
  }

  const cases = ROWS.flatMap((row) =>
    (['anon', 'stranger', 'member', 'owner', 'moderator'] as const).map((actor) => ({ row, actor })),
  );

  it.each(
    cases.map(
      (c) =>
        [
          `${c.row.method} ${c.row.path({ roomId: ':roomId', messageId: ':messageId', ownerUsername: ':owner', privateUsername: ':private', ownerId: ':id', moderatorId: ':moderatorId', memberId: ':memberId', cookies: { owner: '', member: '', stranger: '', moderator: '' } })} as ${c.actor}`,
          c,
        ] as const,
    ),
  )('%s', async (_label, { row, actor }) => {
    const world = await buildWorld();
    const api = apiClient(testApp.app);
    // The work after earlier commits (read positions, mentions) lands before the picture is taken.
    await testApp.services.postCommit.flush();
    const before = await snapshot(testApp.database);
    const cookie = actor === 'anon' ? undefined : world.cookies[actor];
    const url = row.path(world);
    const body = row.body?.(world);
    const response =
      row.method === 'GET'
        ? await api.get(url, { cookie })
        : row.method === 'POST'
          ? await api.post(url, body, { cookie })
          : row.method === 'PUT'
            ? await api.put(url, body, { cookie })
            : row.method === 'PATCH'
              ? await api.patch(url, body, { cookie })
              : await api.delete(url, body, { cookie });
    expect(response.statusCode, response.body).toBe(expected(row, actor));
    if (response.statusCode >= 400) expect(await snapshot(testApp.database)).toBe(before);
    expect(response.body).not.toMatch(/github_token_sealed|"email"|gho_/);
  });

  it('a profile edit with someone else’s id changes only the caller’s profile', async () => {
    const world = await buildWorld();
    const api = apiClient(testApp.app);
    const response = await api.patch(
      '/api/profile',
      { id: world.ownerId, display_name: 'Intruder' },
      { cookie: world.cookies.stranger },
    );
    expect(response.statusCode).toBe(200);
    const owner = await testApp.database.db
      .selectFrom('profiles')
      .select('display_name')
      .where('id', '=', world.ownerId)
      .executeTakeFirstOrThrow();
    expect(owner.display_name).not.toBe('Intruder');
  });
});
