import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessagesPageResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, testClock, type TestMember, roomWith } from '../../../testing/room-test-kit';

// Opening a room somewhere in its history (a linked message, the first unread one) and walking
// from there in both directions.
describeEachDatabase('message paging around a message', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  /** `count` messages seeded directly (the send limit is not the point). */
  async function seed(roomId: string, authorId: string, count: number, prefix: string) {
    const base = Date.parse('2026-03-01T00:00:00.000Z');
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `0191${prefix}${String(i).padStart(3, '0')}-0000-7000-8000-${String(i).padStart(12, '0')}`,
      room_id: roomId,
      user_id: authorId,
      client_id: `${prefix}-${i}`,
      content: `message ${i}`,
      // Pairs share a timestamp, so the id breaks ties.
      created_at: new Date(base + Math.floor(i / 2) * 1000).toISOString(),
      edited_at: null,
    }));
    for (let i = 0; i < rows.length; i += 50)
      await app.ctx.database.db
        .insertInto('messages')
        .values(rows.slice(i, i + 50))
        .execute();
    return rows;
  }

  const page = async (member: TestMember, roomId: string, query: string) => {
    const response = await member.api.get(`/api/rooms/${roomId}/messages${query}`, { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    return response.json<MessagesPageResponse>();
  };

  it('answers a page around a message and walks from it to both ends without gaps or repeats', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const rows = await seed(roomId, ada.id, 230, 'a');
    const target = rows[100]!;

    const middle = await page(ada, roomId, `?around=${target.id}&limit=20`);
    expect(middle.messages.map((m) => m.content)).toEqual(rows.slice(90, 110).map((r) => r.content));
    expect(middle.next_cursor).not.toBeNull();
    expect(middle.newer_cursor).not.toBeNull();

    const seen = [...middle.messages];
    let older = middle.next_cursor;
    while (older) {
      const next = await page(ada, roomId, `?before=${encodeURIComponent(older)}&limit=50`);
      seen.unshift(...next.messages);
      older = next.next_cursor;
    }
    let newer = middle.newer_cursor;
    const newerPages: number[] = [];
    while (newer) {
      const next = await page(ada, roomId, `?after=${encodeURIComponent(newer)}&limit=50`);
      newerPages.push(next.messages.length);
      seen.push(...next.messages);
      newer = next.newer_cursor;
    }
    expect(newerPages).toEqual([50, 50, 20]);
    expect(seen.map((m) => m.id)).toEqual(rows.map((r) => r.id));
  });

  it('says when a page around a message reaches either end of the room', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const rows = await seed(roomId, ada.id, 30, 'b');

    const atStart = await page(ada, roomId, `?around=${rows[2]!.id}&limit=20`);
    expect(atStart.messages[0]!.id).toBe(rows[0]!.id);
    expect(atStart.next_cursor).toBeNull();
    expect(atStart.newer_cursor).not.toBeNull();

    const atEnd = await page(ada, roomId, `?around=${rows[28]!.id}&limit=20`);
    expect(atEnd.messages.map((m) => m.id)).toEqual(rows.slice(18).map((r) => r.id));
    expect(atEnd.newer_cursor).toBeNull();

    const newest = await page(ada, roomId, '?limit=20');
    expect(newest.newer_cursor).toBeNull();
    const older = await page(ada, roomId, `?before=${encodeURIComponent(newest.next_cursor!)}&limit=20`);
    expect(older.messages.map((m) => m.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
    expect(older.next_cursor).toBeNull();
  });

  it('opens around a deleted message as a tombstone in its place', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const sent = [];
    for (const text of ['one', 'two', 'three']) {
      clock.advance(1000);
      sent.push((await ada.send(roomId, text)).json<{ message: { id: string } }>().message.id);
    }
    expect((await ada.api.delete(`/api/messages/${sent[1]}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
    const around = await page(ada, roomId, `?around=${sent[1]}`);
    expect(around.messages.map((m) => [m.content, m.deleted])).toEqual([
      ['one', false],
      ['', true],
      ['three', false],
    ]);
  });

  it('refuses unknown, foreign and malformed positions with clear errors', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const otherRoom = await roomWith(ada);
    clock.advance(1000);
    const elsewhere = (await ada.send(otherRoom, 'elsewhere')).json<{ message: { id: string } }>().message.id;
    const get = (query: string) => ada.api.get(`/api/rooms/${roomId}/messages${query}`, { cookie: ada.cookie });

    const foreign = await get(`?around=${elsewhere}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Message not found');
    expect((await get('?around=00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('?around=not-an-id')).statusCode).toBe(404);
    const malformed = await get('?after=garbage');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('after: invalid cursor');
    const both = await get(`?around=${elsewhere}&before=x`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toContain('Use at most one of before, after and around');
    // A visitor reads the room too, and is told no more than a member about another room's message.
    expect((await apiClient(app.app).get(`/api/rooms/${roomId}/messages?around=${elsewhere}`)).statusCode).toBe(404);
  });
});
