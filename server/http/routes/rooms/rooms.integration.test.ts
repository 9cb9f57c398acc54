import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  JoinRoomResponse,
  MembersResponse,
  MyRoomsResponse,
  RoomActivityResponse,
  RoomDetailsResponse,
  SiteStatsResponse,
} from '../../../../shared/api/rooms';
import { roomsRepository } from '../../../db/repositories/rooms.repository';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { anotherRepo, createMember, testClock } from '../../../testing/room-test-kit';
import { replayedLog } from '../../../testing/room-log';

describeEachDatabase('rooms API', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const eventsOf = (roomId: string) =>
    app.ctx.database.db
      .selectFrom('room_events')
      .select(['seq', 'type', 'payload'])
      .where('room_id', '=', roomId)
      .orderBy('seq')
      .execute();

  it('refuses visitors with 401 Authentication required', async () => {
    const api = apiClient(app.app);
    const response = await api.post('/api/rooms/join', { repoFullName: 'octo/demo' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Authentication required');
    expect((await api.get('/api/me/rooms')).statusCode).toBe(401);
    expect(await app.ctx.database.db.selectFrom('chat_rooms').selectAll().execute()).toHaveLength(0);
  });

  it('rejects names that are not owner/name', async () => {
    const ada = await createMember(app);
    for (const repoFullName of ['nope', 'a/b/c', '../etc', 'owner/', 'own er/name', `o/${'x'.repeat(140)}`, 42]) {
      const response = await ada.api.post('/api/rooms/join', { repoFullName }, { cookie: ada.cookie });
      expect(response.statusCode, String(repoFullName)).toBe(400);
    }
  });

  it("creates the room on first join under GitHub's spelling of the name, then reuses it whatever the spelling", async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const repo = anotherRepo();
    const first = await ada.join(repo.toUpperCase());
    expect(first.created).toBe(true);
    expect(first.room.title).toBe(`${repo.split('/')[1]} Discussion`);
    expect(first.room.repo_full_name).toBe(repo);
    expect(first.room.created_by).toBe(ada.id);

    const second = await grace.join(repo.toLowerCase());
    expect(second.created).toBe(false);
    expect(second.room.id).toBe(first.room.id);

    const events = await eventsOf(first.room.id);
    expect(events.map((e) => [Number(e.seq), e.type])).toEqual([
      [1, 'member.joined'],
      [2, 'member.joined'],
    ]);
    expect((await replayedLog(app.ctx.database.db, first.room.id))[1]?.event).toMatchObject({
      type: 'member.joined',
      member: { user: { id: grace.id, username: grace.username } },
    });
  });

  it('re-joining an active room is a no-op: same joined_at, no event, not rate limited', async () => {
    const ada = await createMember(app);
    const repo = anotherRepo();
    const { room } = await ada.join(repo);
    const before = (await ada.api.get(`/api/rooms/${room.id}`, { cookie: ada.cookie })).json<RoomDetailsResponse>();
    clock.advance(1000);
    for (let i = 0; i < 8; i += 1) await ada.join(repo);
    const after = (await ada.api.get(`/api/rooms/${room.id}`, { cookie: ada.cookie })).json<RoomDetailsResponse>();
    expect(after.membership).toEqual(before.membership);
    expect(after.last_seq).toBe(1);
    expect(after.member_count).toBe(1);
  });

  it('creates exactly one room when many users join a new repository at once', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(app)));
    const repo = anotherRepo();
    const responses = await Promise.all(
      members.map((m) => m.api.post('/api/rooms/join', { repoFullName: repo }, { cookie: m.cookie })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    const bodies = responses.map((r) => r.json<JoinRoomResponse>());
    expect(new Set(bodies.map((b) => b.room.id)).size).toBe(1);
    expect(bodies.filter((b) => b.created)).toHaveLength(1);
    const rooms = await app.ctx.database.db
      .selectFrom('chat_rooms')
      .selectAll()
      .where('repo_key', '=', repo.toLowerCase())
      .execute();
    expect(rooms).toHaveLength(1);
    expect(rooms[0]!.last_seq).toBe(6);
    expect((await eventsOf(rooms[0]!.id)).map((e) => Number(e.seq))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('allows 5 joins per hour and then answers 429 with the wait', async () => {
    const ada = await createMember(app);
    for (let i = 0; i < 5; i += 1) await ada.join(anotherRepo());
    const sixth = anotherRepo();
    const refused = await ada.api.post('/api/rooms/join', { repoFullName: sixth }, { cookie: ada.cookie });
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body.error.message).toBe('Please wait 3600 seconds before joining another room');
    expect(body.error.retryAfterSeconds).toBe(3600);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(
      await app.ctx.database.db
        .selectFrom('chat_rooms')
        .where('repo_key', '=', sixth.toLowerCase())
        .selectAll()
        .execute(),
    ).toHaveLength(0);

    clock.advance(60 * 60 * 1000);
    expect((await ada.join(sixth)).created).toBe(true);
  });

  it('joins by room id (invite links) and 404s unknown rooms', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const { room } = await ada.join(anotherRepo());
    const joined = await grace.api.post(`/api/rooms/${room.id}/join`, {}, { cookie: grace.cookie });
    expect(joined.statusCode).toBe(200);
    expect(joined.json<JoinRoomResponse>().room.id).toBe(room.id);
    const unknown = await grace.api.post(
      '/api/rooms/00000000-0000-4000-8000-000000000000/join',
      {},
      { cookie: grace.cookie },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Chat room not found');
    expect((await grace.api.get('/api/rooms/not-a-uuid', { cookie: grace.cookie })).statusCode).toBe(404);
  });

  it('leaving ends the membership, logs member.left, and hides the user from members and my rooms', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const repo = anotherRepo();
    const { room } = await ada.join(repo);
    await grace.join(repo);

    const members = (
      await ada.api.get(`/api/rooms/${room.id}/members`, { cookie: ada.cookie })
    ).json<MembersResponse>();
    expect(members.members.map((m) => m.user.id).sort()).toEqual([ada.id, grace.id].sort());

    const left = await grace.api.post(`/api/rooms/${room.id}/leave`, {}, { cookie: grace.cookie });
    expect(left.statusCode).toBe(204);
    const again = await grace.api.post(`/api/rooms/${room.id}/leave`, {}, { cookie: grace.cookie });
    expect(again.statusCode).toBe(204);

    const after = (await ada.api.get(`/api/rooms/${room.id}/members`, { cookie: ada.cookie })).json<MembersResponse>();
    expect(after.members.map((m) => m.user.id)).toEqual([ada.id]);
    const details = (
      await grace.api.get(`/api/rooms/${room.id}`, { cookie: grace.cookie })
    ).json<RoomDetailsResponse>();
    expect(details.membership?.left_at).not.toBeNull();
    expect(details.member_count).toBe(1);
    const mine = (await grace.api.get('/api/me/rooms', { cookie: grace.cookie })).json<MyRoomsResponse>();
    expect(mine.rooms.map((r) => r.id)).not.toContain(room.id);
    expect((await eventsOf(room.id)).map((e) => e.type)).toEqual(['member.joined', 'member.joined', 'member.left']);

    // Coming back counts as a join again and starts a fresh joined_at.
    clock.advance(5000);
    await grace.join(repo);
    const back = (await grace.api.get(`/api/rooms/${room.id}`, { cookie: grace.cookie })).json<RoomDetailsResponse>();
    expect(back.membership).toEqual({ joined_at: new Date(clock.now()).toISOString(), left_at: null });
  });

  it('lists my active rooms newest join first, with a limit', async () => {
    const ada = await createMember(app);
    const names = [anotherRepo(), anotherRepo(), anotherRepo()];
    for (const name of names) {
      await ada.join(name);
      clock.advance(1000);
    }
    const all = (await ada.api.get('/api/me/rooms', { cookie: ada.cookie })).json<MyRoomsResponse>();
    expect(all.rooms.map((r) => r.repo_full_name)).toEqual([...names].reverse());
    expect(all.rooms[0]!.joined_at).toBeTruthy();
    const two = (await ada.api.get('/api/me/rooms?limit=2', { cookie: ada.cookie })).json<MyRoomsResponse>();
    expect(two.rooms).toHaveLength(2);
    expect((await ada.api.get('/api/me/rooms?limit=51', { cookie: ada.cookie })).statusCode).toBe(400);
  });

  it('reports activity by repository for discovery, publicly', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(app)));
    const [busy, quiet] = [anotherRepo().toLowerCase(), anotherRepo().toLowerCase()] as [string, string];
    for (const m of members) await m.join(busy);
    clock.advance(1000);
    await members[0]!.join(quiet);
    const api = apiClient(app.app);
    const response = await api.get(`/api/rooms/activity?repos=${busy.toUpperCase()},${quiet},none/here`);
    expect(response.statusCode).toBe(200);
    const { activity } = response.json<RoomActivityResponse>();
    expect(activity[busy.toUpperCase()]?.active_members).toBe(5);
    expect(activity[quiet]?.active_members).toBe(1);
    expect(activity['none/here']).toBeUndefined();
    expect((await api.get('/api/rooms/activity?repos=bad')).statusCode).toBe(400);

    const counts = await roomsRepository(app.ctx.database.db).activeMemberCountsByRepo([busy, quiet.toUpperCase()]);
    expect(counts.get(busy)?.active_members).toBe(5);
    expect(counts.get(quiet)?.active_members).toBe(1);
    const recent = await roomsRepository(app.ctx.database.db).mostRecentlyActive(2);
    expect(recent.map((r) => r.repo_key)).toEqual([quiet, busy]);
  });

  it('counts rooms, distinct active members and messages for the home tiles', async () => {
    clock.advance(10_000);
    const stats = await apiClient(app.app).get('/api/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.headers['cache-control']).toBe('no-cache');
    const db = app.ctx.database.db;
    const rooms = await db.selectFrom('chat_rooms').selectAll().execute();
    const activeUsers = new Set(
      (await db.selectFrom('chat_members').select('user_id').where('left_at', 'is', null).execute()).map(
        (r) => r.user_id,
      ),
    );
    expect(stats.json<SiteStatsResponse>()).toEqual({ rooms: rooms.length, members: activeUsers.size, messages: 0 });
    expect(rooms.length).toBeGreaterThan(5);
    // A join right after is counted at once, within the counts' few seconds of reuse.
    const newcomer = await createMember(app);
    await newcomer.join(anotherRepo());
    const again = (await apiClient(app.app).get('/api/stats')).json<SiteStatsResponse>();
    expect(again.rooms).toBe(rooms.length + 1);
    expect(again.members).toBe(activeUsers.size + 1);
  });
});
