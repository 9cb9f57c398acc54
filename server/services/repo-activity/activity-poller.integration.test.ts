import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoomActivityListResponse } from '../../../shared/api/repo-activity';
import { describeEachDatabase } from '../../testing/databases';
import { startCountingEmulator, type CountingEmulator } from '../../testing/github/counting-emulator';
import { requireRedis, TEST_REDIS_URL } from '../../testing/redis';
import { anotherRepo, createMember, makeModerator, type TestMember } from '../../testing/room-test-kit';
import { createTestApp, startSecondProcess, type TestApp } from '../../testing/test-app';
import type { BuiltApp } from '../../app';

const POLL_SECONDS = 1;
const ACTOR = 'ada-demo';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('repository activity poller', (engine) => {
  let emulator: CountingEmulator;
  let app: TestApp;
  let second: BuiltApp | undefined;
  let member: TestMember;

  beforeAll(async () => {
    emulator = await startCountingEmulator(POLL_SECONDS);
    const redis = await requireRedis();
    app = await createTestApp({
      engine,
      env: {
        GITHUB_API_URL: `${emulator.url}/api/v3`,
        GITHUB_WEB_URL: emulator.url,
        ...(redis ? { REDIS_URL: TEST_REDIS_URL } : {}),
      },
    });
    if (redis) second = await startSecondProcess(app);
    member = await createMember(app);
  });
  afterAll(async () => {
    await second?.close();
    await app?.destroy();
    await emulator?.close();
  });

  /** A repository of the emulator that takes activity (some keep a fixed quirk), with a room. */
  async function activityRoom(): Promise<{ repo: string; roomId: string }> {
    for (;;) {
      const repo = anotherRepo();
      const answer = await emulator.produce({ repo, type: 'issue', actor: ACTOR, title: 'Before the room' });
      if (answer.status !== 201 && answer.status !== 200) continue;
      const roomId = (await member.join(repo)).room.id;
      return { repo, roomId };
    }
  }

  const activityOf = async (roomId: string) =>
    (await member.api.get(`/api/rooms/${roomId}/activity`, { cookie: member.cookie })).json<RoomActivityListResponse>();

  it('adds a release and a merged pull request of a room with recent messages as rows, live in its log', async () => {
    const { repo, roomId } = await activityRoom();
    expect((await member.send(roomId, 'what is new?')).statusCode).toBe(201);
    // The first poll only marks where the repository stands: what happened before is not news.
    await until(
      async () => emulator.eventRequests(repo).length,
      (n) => n >= 1,
    );
    await pause(300);
    expect((await activityOf(roomId)).activity).toEqual([]);

    expect((await emulator.produce({ repo, type: 'release', actor: ACTOR, tag: 'v9.1.0' })).status).toBe(201);
    expect((await emulator.produce({ repo, type: 'merge', actor: ACTOR, title: 'Faster start-up' })).status).toBe(201);
    expect((await emulator.produce({ repo, type: 'issue', actor: ACTOR, title: 'Not shown by default' })).status).toBe(
      201,
    );
    const listed = await until(
      () => activityOf(roomId),
      (answer) => answer.activity.length >= 2,
    );
    expect(listed.kinds).toEqual(['release', 'merge']);
    expect(listed.activity.map((row) => [row.kind, row.actor, row.tag, row.number !== null, row.title])).toEqual([
      ['release', ACTOR, 'v9.1.0', false, null],
      ['merge', ACTOR, null, true, 'Faster start-up'],
    ]);
    expect(listed.activity[0]?.url).toMatch(new RegExp(`/${repo}/releases/tag/v9\\.1\\.0$`));
    const types = await app.ctx.database.db
      .selectFrom('room_events')
      .select(['type', 'seq'])
      .where('room_id', '=', roomId)
      .orderBy('seq')
      .execute();
    expect(types.filter((row) => row.type === 'repo.activity')).toHaveLength(2);
    expect(types.map((row) => Number(row.seq))).toEqual(types.map((_, index) => index + 1));
  });

  it('stops adding rows when a moderator sets Activity to Off', async () => {
    const { repo, roomId } = await activityRoom();
    await makeModerator(app, roomId, member.id);
    expect((await member.send(roomId, 'hello')).statusCode).toBe(201);
    await until(
      async () => emulator.eventRequests(repo).length,
      (n) => n >= 1,
    );
    const off = await member.api.put(`/api/rooms/${roomId}/activity`, { kinds: [] }, { cookie: member.cookie });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ kinds: [] });
    await emulator.produce({ repo, type: 'release', actor: ACTOR, tag: 'v0.0.1-off' });
    await pause(POLL_SECONDS * 1000 * 3);
    expect((await activityOf(roomId)).activity).toEqual([]);
  });

  it('refuses members who do not moderate the setting', async () => {
    const { roomId } = await activityRoom();
    const other = await createMember(app);
    await other.join(
      (
        await app.ctx.database.db
          .selectFrom('chat_rooms')
          .select('repo_full_name')
          .where('id', '=', roomId)
          .executeTakeFirstOrThrow()
      ).repo_full_name,
    );
    const refused = await other.api.put(`/api/rooms/${roomId}/activity`, { kinds: ['push'] }, { cookie: other.cookie });
    expect(refused.statusCode).toBe(403);
  });

  it('asks nothing about the repository of a room nobody is in', async () => {
    const { repo, roomId } = await activityRoom();
    // Joined, but no message and nobody online: not watched.
    await pause(POLL_SECONDS * 1000 * 3);
    expect(emulator.eventRequests(repo)).toEqual([]);
    expect(await app.ctx.database.db.selectFrom('repository_activity_polls').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ repo_key: repo.toLowerCase() }),
    );
    expect(roomId).toBeTruthy();
  });

  it('polls a repository from one process at a time, no sooner than its X-Poll-Interval', async () => {
    const { repo, roomId } = await activityRoom();
    expect((await member.send(roomId, 'watch this')).statusCode).toBe(201);
    await until(
      async () => emulator.eventRequests(repo).length,
      (n) => n >= 4,
      10_000,
    );
    const times = emulator.eventRequests(repo);
    expect(times.length).toBeGreaterThanOrEqual(4);
    const gaps = times.slice(1).map((at, index) => at - (times[index] as number));
    // Two processes without a shared lease would each poll every interval: gaps near zero.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(POLL_SECONDS * 1000 * 0.8);
  });
});
