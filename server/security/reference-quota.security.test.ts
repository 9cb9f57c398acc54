import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  REFERENCE_READS_PER_PAGE,
  REFERENCE_READS_PER_ROOM_HOUR,
} from '../services/messages/message-references.service';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createMember, testClock, type TestMember } from '../testing/room-test-kit';

interface Counters {
  byPath: Record<string, number>;
}

const TTL_SECONDS = 60;
const HOUR_MS = 3_600_000;

/**
 * GitHub references in messages (#N) are read by the server with the site's own quota, whoever
 * wrote them: what a member can make the site spend by sending made-up numbers, and what reading
 * history costs once the cache lifetime has passed, are bounded.
 */
describeEachDatabase('GitHub references cannot spend the quota', (engine) => {
  let app: TestApp;
  const clock = testClock();
  let number = 900_000;

  beforeAll(async () => {
    app = await createTestApp({
      engine,
      now: clock.now,
      github: 'emulator',
      env: { GITHUB_CACHE_TTL_SECONDS: String(TTL_SECONDS) },
    });
  });
  afterAll(() => app?.destroy());

  const control = async (method: string, path: string): Promise<unknown> =>
    (await fetch(`${app.emulator!.url}/__control/${path}`, { method })).json();
  /** Upstream reads of single issues the emulator has answered since the counters were cleared. */
  const issueReads = async () =>
    Object.entries(((await control('GET', 'counters')) as Counters).byPath)
      .filter(([path]) => /\/issues\/\d+$/.test(path))
      .reduce((sum, [, count]) => sum + count, 0);
  const settled = () => app.services.messageReferences.settled();
  /** Ten issue numbers nobody has ever opened, as one message. */
  const madeUp = () =>
    Array.from({ length: 10 }, () => {
      number += 1;
      return `#${number}`;
    }).join(' ');
  /** Lets time pass for the app's clock and for what the GitHub cache has stored. */
  const pass = async (ms: number) => {
    clock.advance(ms);
    const rows = await app.ctx.database.db.selectFrom('github_cache').select(['key', 'fetched_at']).execute();
    for (const row of rows) {
      await app.ctx.database.db
        .updateTable('github_cache')
        .set({ fetched_at: new Date(Date.parse(row.fetched_at) - ms).toISOString() })
        .where('key', '=', row.key)
        .execute();
    }
  };
  const readHistory = async (member: TestMember, roomId: string) => {
    const response = await member.api.get(`/api/rooms/${roomId}/messages`, { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    await settled();
  };
  /** `count` messages of ten made-up references each, sent by fresh members of the room. */
  const flood = async (repo: string, count: number) => {
    const members: TestMember[] = [];
    let roomId = '';
    for (let sent = 0; sent < count; sent += 1) {
      if (sent % 10 === 0) {
        const member = await createMember(app);
        roomId = (await member.join(repo)).room.id;
        members.push(member);
      }
      expect((await members.at(-1)!.send(roomId, `see ${madeUp()}`)).statusCode).toBe(201);
    }
    await settled();
    return { roomId, reader: members[0]! };
  };

  it('made-up references cost a room at most its hourly budget, however many are sent', async () => {
    await control('DELETE', 'counters');
    const { roomId, reader } = await flood('vitejs/vite', 25);
    expect(await issueReads()).toBeLessThanOrEqual(REFERENCE_READS_PER_ROOM_HOUR);
    // Reading history while the budget is spent costs nothing more.
    await pass((TTL_SECONDS + 1) * 1000);
    await readHistory(reader, roomId);
    expect(await issueReads()).toBeLessThanOrEqual(REFERENCE_READS_PER_ROOM_HOUR);
  });

  it('a reference GitHub does not know is remembered as missing: read once, not at every lifetime', async () => {
    const { roomId, reader } = await flood('sveltejs/svelte', 1);
    await control('DELETE', 'counters');
    for (let i = 0; i < 3; i += 1) {
      await pass(2 * (TTL_SECONDS + 1) * 1000);
      await readHistory(reader, roomId);
    }
    expect(await issueReads()).toBe(0);
  });

  it('reading a page of history starts a bounded number of upstream reads', async () => {
    const { roomId, reader } = await flood('facebook/react', 6);
    // Past the lifetime of every answer, missing ones included, and past the room's hourly budget.
    await pass(2 * HOUR_MS);
    await control('DELETE', 'counters');
    await readHistory(reader, roomId);
    expect(await issueReads()).toBeLessThanOrEqual(REFERENCE_READS_PER_PAGE);
    await readHistory(reader, roomId);
    expect(await issueReads()).toBeLessThanOrEqual(2 * REFERENCE_READS_PER_PAGE);
  });
});
