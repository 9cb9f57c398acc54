import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageDto, MessagesPageResponse, ToggleReactionResponse } from '../../../../shared/api/rooms';
import { MESSAGE_ERRORS } from '../../../../shared/validation/message';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  anotherRepo,
  createMember,
  messageOf,
  testClock,
  type TestMember,
  roomWith,
} from '../../../testing/room-test-kit';
import { replayedLog } from '../../../testing/room-log';

describeEachDatabase('messages API', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const messageRow = (id: string) =>
    app.ctx.database.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  const eventTypes = async (roomId: string) =>
    (
      await app.ctx.database.db
        .selectFrom('room_events')
        .select(['seq', 'type'])
        .where('room_id', '=', roomId)
        .orderBy('seq')
        .execute()
    ).map((e) => e.type);

  it('lets active members send; the message is sanitised, logged and bumps the room activity', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    clock.advance(1000);
    const response = await ada.send(roomId, '  hi\r\nthere\u0007  ');
    expect(response.statusCode).toBe(201);
    const message = messageOf(response);
    expect(message).toMatchObject({
      room_id: roomId,
      user_id: ada.id,
      content: 'hi\nthere',
      edited_at: null,
      reactions: [],
      author: { id: ada.id, username: ada.username },
    });
    expect((await messageRow(message.id))?.content).toBe('hi\nthere');
    expect(await eventTypes(roomId)).toEqual(['member.joined', 'message.created']);
    const room = await app.ctx.database.db
      .selectFrom('chat_rooms')
      .selectAll()
      .where('id', '=', roomId)
      .executeTakeFirst();
    expect(room?.last_activity_at).toBe(new Date(clock.now()).toISOString());
  });

  it('refuses visitors (401) and non-members (403) without writing anything', async () => {
    const ada = await createMember(app);
    const eve = await createMember(app);
    const roomId = await roomWith(ada);
    const visitor = await apiClient(app.app).post(`/api/rooms/${roomId}/messages`, { client_id: 'v1', content: 'hi' });
    expect(visitor.statusCode).toBe(401);
    const outsider = await eve.send(roomId, 'let me in');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.message).toBe('You are not a member of this room');
    // Leaving takes the right away too.
    await ada.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: ada.cookie });
    expect((await ada.send(roomId, 'still here?')).statusCode).toBe(403);
    expect(
      await app.ctx.database.db.selectFrom('messages').where('room_id', '=', roomId).selectAll().execute(),
    ).toEqual([]);
  });

  it('answers the three messages of the message rules for invalid text', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const cases: Array<[string, string]> = [
      ['   \n\t ', MESSAGE_ERRORS.empty],
      ['abcdefghij'.repeat(100) + 'k', MESSAGE_ERRORS.tooLong],
      ['soooooooooo good', MESSAGE_ERRORS.repeated],
      ['\u0007\u0008', MESSAGE_ERRORS.empty],
    ];
    for (const [content, message] of cases) {
      const response = await ada.send(roomId, content);
      expect(response.statusCode, content).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await ada.send(roomId, 'abcdefghij'.repeat(100))).statusCode).toBe(201);
  });

  it('returns the original message when a client_id is sent again', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const first = await ada.send(roomId, 'only once', 'retry-1');
    const again = await ada.send(roomId, 'only once (retried)', 'retry-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(messageOf(again)).toEqual(messageOf(first));
    const concurrent = await Promise.all([1, 2, 3].map(() => ada.send(roomId, 'racing', 'retry-2')));
    expect(concurrent.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(concurrent.map((r) => messageOf(r).id)).size).toBe(1);
    const rows = await app.ctx.database.db.selectFrom('messages').where('room_id', '=', roomId).selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(await eventTypes(roomId)).toEqual(['member.joined', 'message.created', 'message.created']);
  });

  it('allows 10 messages per minute, then 429 with the wait; retries of sent messages still answer', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    clock.advance(120_000);
    for (let i = 0; i < 10; i += 1) expect((await ada.send(roomId, `burst ${i}`, `burst-${i}`)).statusCode).toBe(201);
    clock.advance(15_000);
    const refused = await ada.send(roomId, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: 'Please wait 45 seconds before sending another message',
      retryAfterSeconds: 45,
    });
    expect((await ada.send(roomId, 'burst 0', 'burst-0')).statusCode).toBe(200);
    clock.advance(45_000);
    expect((await ada.send(roomId, 'welcome back')).statusCode).toBe(201);
  });

  it('keeps accepting sends and joins when the shared rate-limit store is unreachable', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const limiter = app.ctx.rateLimiter;
    app.ctx.rateLimiter = {
      hit: async () => {
        throw new Error('connection refused');
      },
      close: async () => undefined,
    };
    try {
      expect((await ada.send(roomId, 'during an outage')).statusCode).toBe(201);
      expect(
        (await ada.api.post('/api/rooms/join', { repoFullName: anotherRepo() }, { cookie: ada.cookie })).statusCode,
      ).toBe(200);
    } finally {
      app.ctx.rateLimiter = limiter;
    }
  });

  it('lets only the author edit: others get 403 and nothing changes; blank edits are ignored', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const original = messageOf(await ada.send(roomId, 'first draft'));

    const foreign = await grace.api.patch(
      `/api/messages/${original.id}`,
      { content: 'hijacked' },
      { cookie: grace.cookie },
    );
    expect(foreign.statusCode).toBe(403);
    expect((await messageRow(original.id))?.content).toBe('first draft');
    const visitor = await apiClient(app.app).patch(`/api/messages/${original.id}`, { content: 'anon' });
    expect(visitor.statusCode).toBe(401);

    const blank = await ada.api.patch(`/api/messages/${original.id}`, { content: '   ' }, { cookie: ada.cookie });
    expect(blank.statusCode).toBe(200);
    expect(messageOf(blank)).toEqual(original);
    const invalid = await ada.api.patch(
      `/api/messages/${original.id}`,
      { content: 'aaaaaaaaaaaa' },
      { cookie: ada.cookie },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(MESSAGE_ERRORS.repeated);

    clock.advance(2000);
    const edited = await ada.api.patch(
      `/api/messages/${original.id}`,
      { content: ' second draft ' },
      { cookie: ada.cookie },
    );
    expect(edited.statusCode).toBe(200);
    expect(messageOf(edited)).toMatchObject({
      id: original.id,
      content: 'second draft',
      created_at: original.created_at,
      edited_at: new Date(clock.now()).toISOString(),
    });
    expect(await eventTypes(roomId)).toEqual(['member.joined', 'member.joined', 'message.created', 'message.updated']);
    const missing = await ada.api.patch(
      '/api/messages/00000000-0000-4000-8000-000000000000',
      { content: 'x' },
      {
        cookie: ada.cookie,
      },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('lets only the author delete; the message stays in history as a tombstone without its text', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const message = messageOf(await ada.send(roomId, 'delete me'));
    await grace.api.post(`/api/messages/${message.id}/reactions`, { emoji: '👀' }, { cookie: grace.cookie });
    const foreign = await grace.api.delete(`/api/messages/${message.id}`, {}, { cookie: grace.cookie });
    expect(foreign.statusCode).toBe(403);
    expect(await messageRow(message.id)).toBeDefined();
    const own = await ada.api.delete(`/api/messages/${message.id}`, {}, { cookie: ada.cookie });
    expect(own.statusCode).toBe(204);
    const row = await messageRow(message.id);
    expect(row?.content).toBe('');
    expect(row?.deleted_at).toEqual(expect.any(String));
    expect(
      await app.ctx.database.db
        .selectFrom('message_reactions')
        .where('message_id', '=', message.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect((await eventTypes(roomId)).slice(-2)).toEqual(['reaction.added', 'message.deleted']);
    expect((await ada.api.delete(`/api/messages/${message.id}`, {}, { cookie: ada.cookie })).statusCode).toBe(404);

    // History keeps the place of the message, flagged, with no text and no reactions.
    const page = (
      await grace.api.get(`/api/rooms/${roomId}/messages`, { cookie: grace.cookie })
    ).json<MessagesPageResponse>();
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({ id: message.id, deleted: true, content: '', reactions: [] });
    expect(JSON.stringify(page)).not.toContain('delete me');
    // A tombstone cannot be edited or reacted to.
    expect(
      (await ada.api.patch(`/api/messages/${message.id}`, { content: 'back' }, { cookie: ada.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await grace.api.post(`/api/messages/${message.id}/reactions`, { emoji: '👀' }, { cookie: grace.cookie }))
        .statusCode,
    ).toBe(404);
    // The home tile counts only messages that are still there.
    const stats = (await apiClient(app.app).get('/api/stats')).json<{ messages: number }>();
    const live = await app.ctx.database.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(stats.messages).toBe(Number(live.n));
  });

  it('toggles reactions from the palette, for active members only, safely under concurrent clicks', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const eve = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const message = messageOf(await ada.send(roomId, 'react to me'));
    const toggle = (member: TestMember, emoji: string) =>
      member.api.post(`/api/messages/${message.id}/reactions`, { emoji }, { cookie: member.cookie });

    const bad = await toggle(grace, '💩');
    expect(bad.statusCode).toBe(400);
    expect((await toggle(eve, '👍')).statusCode).toBe(403);

    const added = await toggle(grace, '👍');
    expect(added.statusCode).toBe(200);
    expect(added.json<ToggleReactionResponse>()).toMatchObject({
      added: true,
      reactions: [{ message_id: message.id, user_id: grace.id, emoji: '👍' }],
    });
    // Who reacted travels with the reaction: in the answer, in history and in the live event.
    expect(added.json<ToggleReactionResponse>().reactions[0]?.user).toMatchObject({
      id: grace.id,
      username: grace.username,
    });
    const history = (
      await ada.api.get(`/api/rooms/${roomId}/messages`, { cookie: ada.cookie })
    ).json<MessagesPageResponse>();
    expect(history.messages[0]?.reactions[0]?.user).toMatchObject({ id: grace.id, username: grace.username });
    const logged = await app.ctx.database.db
      .selectFrom('room_events')
      .select('payload')
      .where('room_id', '=', roomId)
      .where('type', '=', 'reaction.added')
      .executeTakeFirstOrThrow();
    // The log keeps who reacted; the replay presents their profile as it is now.
    expect(JSON.parse(logged.payload)).toMatchObject({ v: 1, reaction: { user_id: grace.id, emoji: '👍' } });
    expect(logged.payload).not.toContain(grace.username);
    const replayed = (await replayedLog(app.ctx.database.db, roomId)).find((e) => e.event.type === 'reaction.added');
    expect(replayed?.event).toMatchObject({ reaction: { user: { id: grace.id, username: grace.username } } });
    const removed = await toggle(grace, '👍');
    expect(removed.json<ToggleReactionResponse>()).toEqual({ added: false, reactions: [] });

    const clicks = await Promise.all(Array.from({ length: 7 }, () => toggle(grace, '❤️')));
    expect(clicks.map((c) => c.statusCode)).toEqual(clicks.map(() => 200));
    const rows = await app.ctx.database.db
      .selectFrom('message_reactions')
      .where('message_id', '=', message.id)
      .selectAll()
      .execute();
    // Seven toggles: added, removed, ... added.
    expect(rows.map((r) => r.emoji)).toEqual(['❤️']);
    const types = await eventTypes(roomId);
    const reactionEvents = types.filter((t) => t.startsWith('reaction.'));
    expect(reactionEvents).toEqual([
      'reaction.added',
      'reaction.removed',
      ...Array.from({ length: 7 }, (_, i) => (i % 2 === 0 ? 'reaction.added' : 'reaction.removed')),
    ]);
    const page = (
      await ada.api.get(`/api/rooms/${roomId}/messages`, { cookie: ada.cookie })
    ).json<MessagesPageResponse>();
    expect(page.messages[0]!.reactions.map((r) => [r.user_id, r.emoji])).toEqual([[grace.id, '❤️']]);
  });

  it('pages through a long history newest first with stable cursors', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const db = app.ctx.database.db;
    // Seed directly (the send limit is not the point here); half share one timestamp to test ties.
    const base = Date.parse('2026-02-01T00:00:00.000Z');
    const seeded = Array.from({ length: 130 }, (_, i) => ({
      id: `0190${String(i).padStart(4, '0')}-0000-7000-8000-${String(i).padStart(12, '0')}`,
      room_id: roomId,
      user_id: i % 2 === 0 ? ada.id : grace.id,
      client_id: `seed-${i}`,
      content: `message ${i}`,
      created_at: new Date(base + (i < 65 ? 0 : i * 1000)).toISOString(),
      edited_at: null,
    }));
    for (let i = 0; i < seeded.length; i += 50)
      await db
        .insertInto('messages')
        .values(seeded.slice(i, i + 50))
        .execute();

    const seen: MessageDto[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const query: string = cursor ? `?limit=50&before=${encodeURIComponent(cursor)}` : '?limit=50';
      const response = await ada.api.get(`/api/rooms/${roomId}/messages${query}`, { cookie: ada.cookie });
      expect(response.statusCode).toBe(200);
      const page: MessagesPageResponse = response.json<MessagesPageResponse>();
      pages.push(page.messages.length);
      seen.unshift(...page.messages);
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual([50, 50, 30]);
    expect(seen.map((m) => m.content)).toEqual(seeded.map((m) => m.content));
    expect(seen[1]!.author.id).toBe(grace.id);

    const first = (
      await ada.api.get(`/api/rooms/${roomId}/messages?limit=5`, { cookie: ada.cookie })
    ).json<MessagesPageResponse>();
    expect(first.last_seq).toBe(2);
    expect((await ada.api.get(`/api/rooms/${roomId}/messages?before=garbage`, { cookie: ada.cookie })).statusCode).toBe(
      400,
    );
    expect((await ada.api.get(`/api/rooms/${roomId}/messages?limit=101`, { cookie: ada.cookie })).statusCode).toBe(400);
    // Anyone reads a room's history, a visitor too (docs/PRODUCT.md §22).
    expect((await apiClient(app.app).get(`/api/rooms/${roomId}/messages`)).statusCode).toBe(200);
  });

  it('keeps every room sequence gap-free and in step with chat_rooms.last_seq', async () => {
    const rooms = await app.ctx.database.db.selectFrom('chat_rooms').select(['id', 'last_seq']).execute();
    for (const room of rooms) {
      const seqs = (
        await app.ctx.database.db
          .selectFrom('room_events')
          .select('seq')
          .where('room_id', '=', room.id)
          .orderBy('seq')
          .execute()
      ).map((e) => Number(e.seq));
      expect(seqs).toEqual(Array.from({ length: Number(room.last_seq) }, (_, i) => i + 1));
    }
    expect(rooms.length).toBeGreaterThan(5);
  });
});
