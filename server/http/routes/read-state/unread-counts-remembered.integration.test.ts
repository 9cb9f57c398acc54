import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoomUnreadDto, UnreadSummaryResponse } from '../../../../shared/api/read-state';
import type { BuiltApp } from '../../../app';
import { createUnreadSummaryCache } from '../../../services/read-state/unread-summary-cache';
import { StatementCounter } from '../../../testing/statement-counter';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, startSecondProcess, type TestApp } from '../../../testing/test-app';
import { createMember, messageOf, testClock, type TestMember, roomWith } from '../../../testing/room-test-kit';

// Each process keeps every user's counts and recounts only the rooms where something changed:
// these tests change what the counts depend on in every way, from this process and from another
// one on the same database, and read the counts after each change.
describeEachDatabase('unread counts, recounted where something changed', (engine) => {
  let app: TestApp;
  let other: BuiltApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
    // A second process: its own services, caches and bus, on the same database.
    other = await startSecondProcess(app, clock.now);
  });
  afterAll(async () => {
    await other?.close();
    await app?.destroy();
  });

  const elsewhere = (member: TestMember): TestMember => ({ ...member, api: apiClient(other.app) });

  async function say(member: TestMember, roomId: string, text: string): Promise<string> {
    clock.advance(7000);
    const response = await member.send(roomId, text);
    expect(response.statusCode, response.body).toBe(201);
    return messageOf(response).id;
  }

  /** The room's counts, read twice (the second from memory) and checked to agree. */
  async function counts(member: TestMember, roomId: string): Promise<RoomUnreadDto | undefined> {
    const read = async () => {
      const response = await member.api.get('/api/me/unread', { cookie: member.cookie });
      expect(response.statusCode).toBe(200);
      return response.json<UnreadSummaryResponse>().rooms.find((room) => room.room_id === roomId);
    };
    const first = await read();
    expect(await read()).toEqual(first);
    return first;
  }

  it('follow messages, deletions, mentions, reading, ignoring, muting and leaving, from any process', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const quiet = await roomWith(ada, bob);
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 0, mention_count: 0 });

    const first = await say(ada, roomId, 'one');
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 1, first_unread_message_id: first });
    const second = await say(elsewhere(ada), roomId, 'two, from the other process');
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 2 });
    expect(await counts(bob, quiet)).toMatchObject({ unread_count: 0 });

    // Deleted by its author elsewhere: no longer counted.
    expect((await elsewhere(ada).api.delete(`/api/messages/${second}`, undefined, ada)).statusCode).toBe(204);
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 1 });

    // A mention, counted; then Bob ignores Ada elsewhere (her mentions stop counting), and stops.
    await say(ada, roomId, `hey @${bob.username}`);
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 2, mention_count: 1 });
    expect((await elsewhere(bob).api.put(`/api/me/ignored/${ada.id}`, {}, bob)).statusCode).toBe(204);
    expect(await counts(bob, roomId)).toMatchObject({ mention_count: 0 });
    expect((await elsewhere(bob).api.delete(`/api/me/ignored/${ada.id}`, undefined, bob)).statusCode).toBe(204);
    expect(await counts(bob, roomId)).toMatchObject({ mention_count: 1 });

    // Read elsewhere: nothing unread here.
    const last = await say(ada, roomId, 'three');
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 3 });
    const read = await elsewhere(bob).api.put(`/api/rooms/${roomId}/read`, { message_id: last }, bob);
    expect(read.statusCode, read.body).toBe(200);
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 0, mention_count: 0, last_read_message_id: last });

    // Muted elsewhere: a new message shows no unread count; left elsewhere: the room is gone.
    await say(ada, quiet, 'in the quiet room');
    expect(await counts(bob, quiet)).toMatchObject({ unread_count: 1 });
    const muted = await elsewhere(bob).api.put(`/api/rooms/${quiet}/notifications`, { level: 'mute' }, bob);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(await counts(bob, quiet)).toMatchObject({ unread_count: 0, notification_level: 'mute' });
    expect((await elsewhere(bob).api.post(`/api/rooms/${quiet}/leave`, {}, bob)).statusCode).toBe(204);
    expect(await counts(bob, quiet)).toBeUndefined();
    expect(await counts(bob, roomId)).toMatchObject({ unread_count: 0 });
  });

  it('reads what the counts depend on, and counts again only the rooms that changed', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const busy = await roomWith(ada, bob);
    const calm = await roomWith(ada, bob);
    await say(ada, busy, 'first');
    await say(ada, calm, 'first');

    const counter = new StatementCounter();
    const db = app.ctx.database.db.withPlugin(counter);
    const cache = createUnreadSummaryCache();
    const byRoom = async () => new Map((await cache.summary(db, bob.id)).map((row) => [row.room_id, row]));

    let rows = await byRoom();
    expect(counter.count).toBe(2);
    expect([rows.get(busy)?.unread_count, rows.get(calm)?.unread_count]).toEqual([1, 1]);

    counter.count = 0;
    rows = await byRoom();
    expect(counter.count).toBe(1);
    expect([rows.get(busy)?.unread_count, rows.get(calm)?.unread_count]).toEqual([1, 1]);

    await say(ada, busy, 'second');
    counter.count = 0;
    rows = await byRoom();
    expect(counter.count).toBe(2);
    expect([rows.get(busy)?.unread_count, rows.get(calm)?.unread_count]).toEqual([2, 1]);
  });

  it('users asking at once have what their counts depend on read together, each their own', async () => {
    const ada = await createMember(app);
    const readers = [await createMember(app), await createMember(app), await createMember(app)];
    const rooms = [await roomWith(ada, ...readers), await roomWith(ada, readers[0]!)];
    await say(ada, rooms[0]!, 'for everyone');
    await say(ada, rooms[1]!, 'for the first');
    await say(ada, rooms[1]!, 'and again');
    const loner = await createMember(app); // in no room

    const counter = new StatementCounter();
    const db = app.ctx.database.db.withPlugin(counter);
    const cache = createUnreadSummaryCache();
    const ask = (userId: string) => cache.summary(db, userId);
    // Counted for the first time: one reading of stamps each time it is free, and the counts.
    await Promise.all([...readers, loner].map((reader) => ask(reader.id)));
    counter.count = 0;
    // Asked again at once: the first reader's stamps are read alone, the others' together after it.
    const answers = await Promise.all([...readers, loner].map((reader) => ask(reader.id)));
    expect(counter.count).toBe(2);
    const unread = answers.map((rows) => rows.map((row) => [row.room_id, row.unread_count]));
    expect(unread).toEqual([
      [
        [rooms[0], 1],
        [rooms[1], 2],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [[rooms[0], 1]],
      [[rooms[0], 1]],
      [],
    ]);
  });
});
