import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { SearchMessagesResponse } from '../../shared/api/search';
import { SEARCH_RATE } from '../../shared/limits';
import { membersRepository } from '../db/repositories/members.repository';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { indexRoomForSearch } from '../testing/search-seed';
import { apiClient } from '../testing/http';
import { testClock } from '../testing/room-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * One user searching without pause used to hold the server's time for everyone: searches had no
 * limit and no end. Each signed-in user gets SEARCH_RATE searches a minute, and a search that runs
 * out of its time budget answers what it found so far, saying the results may be incomplete.
 */
describeEachDatabase('message search limits', (engine) => {
  const clock = testClock();
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.destroy()));
  });

  async function start(searchBudgetMs?: number) {
    const app = await createTestApp({
      engine,
      now: clock.now,
      ...(searchBudgetMs !== undefined ? { searchBudgetMs } : {}),
    });
    apps.push(app);
    const db = app.ctx.database.db;
    const user = await buildUser(db);
    const room = await buildRoom(db, user.id);
    await membersRepository(db).upsertActive({
      id: randomUUID(),
      room_id: room.id,
      user_id: user.id,
      joined_at: '2025-01-01T00:00:00.000Z',
    });
    await db
      .insertInto('messages')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: randomUUID(),
          room_id: room.id,
          user_id: user.id,
          client_id: randomUUID(),
          content: `release notes ${i}`,
          created_at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
          edited_at: null,
        })),
      )
      .execute();
    // Written straight into the table: indexed as the batches after each send would.
    await indexRoomForSearch(db, room.id);
    const cookie = await signIn(app, user.id);
    const api = apiClient(app.app);
    return {
      search: (q: string) => api.get(`/api/search/messages?q=${encodeURIComponent(q)}&room_id=${room.id}`, { cookie }),
    };
  }

  it(`allows ${SEARCH_RATE.limit} searches a minute per user, then 429 'Please wait {n} seconds before searching again'`, async () => {
    const { search } = await start();
    for (let i = 0; i < SEARCH_RATE.limit; i += 1) expect((await search(`notes ${i}`)).statusCode).toBe(200);
    clock.advance(20_000);
    const refused = await search('notes');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: 'Please wait 40 seconds before searching again',
      retryAfterSeconds: 40,
    });
    clock.advance(40_000);
    expect((await search('notes')).statusCode).toBe(200);
  });

  it('a search that runs out of its time budget answers what it found, marked incomplete', async () => {
    const complete = await start();
    const whole = (await complete.search('release')).json<SearchMessagesResponse>();
    expect(whole.results).toHaveLength(20);
    expect(whole.incomplete).toBe(false);

    // A budget spent before the search starts: nothing was read, and the answer says so.
    const hurried = await start(0);
    const response = await hurried.search('release');
    expect(response.statusCode).toBe(200);
    const cut = response.json<SearchMessagesResponse>();
    expect(cut.incomplete).toBe(true);
    expect(cut.results).toEqual([]);
    expect(cut.next_before).toBeNull();
  });
});
