import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagesPageResponse } from '../../../../shared/api/rooms';
import type { BuiltApp } from '../../../app';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, startSecondProcess, type TestApp } from '../../../testing/test-app';
import {
  createMember,
  makeModerator,
  messageOf,
  testClock,
  roomWith,
  type TestMember,
} from '../../../testing/room-test-kit';
import { createRoomPageCache, type RememberedPage } from '../../../services/messages/room-page-cache';

// A room's newest page is remembered by each process and served again while the room is unchanged:
// these tests change the room in every way a page shows, from this process and from another one
// on the same database, and read the page after each change.
describeEachDatabase('a room’s newest page, served again until the room changes', (engine) => {
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

  /** The member as seen by the other process (same session cookie). */
  const elsewhere = (member: TestMember) => ({ ...member, api: apiClient(other.app) });

  async function newest(member: TestMember, roomId: string) {
    const response = await member.api.get(`/api/rooms/${roomId}/messages?limit=50`, { cookie: member.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessagesPageResponse>();
  }

  /** Reads the page twice (the second answer comes from memory) and checks both agree. */
  async function newestTwice(member: TestMember, roomId: string) {
    const first = await newest(member, roomId);
    expect(await newest(member, roomId)).toEqual(first);
    return first;
  }

  it('shows every change of the room, made by this process or another one', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    await makeModerator(app, roomId, ada.id, clock.now());
    const first = messageOf(await ada.send(roomId, 'first words'));
    let page = await newestTwice(ada, roomId);
    expect(page.messages.map((m) => m.content)).toEqual(['first words']);

    // A message sent through the other process.
    clock.advance(5_000);
    const second = messageOf(await elsewhere(bob).send(roomId, 'from the other process'));
    page = await newestTwice(ada, roomId);
    expect(page.messages.map((m) => m.content)).toEqual(['first words', 'from the other process']);
    expect(page.last_seq).toBeGreaterThan(0);

    // An edit here, a reaction and a reply there.
    clock.advance(5_000);
    expect((await ada.api.patch(`/api/messages/${first.id}`, { content: 'first words, edited' }, ada)).statusCode).toBe(
      200,
    );
    const reaction = await elsewhere(bob).api.post(`/api/messages/${first.id}/reactions`, { emoji: '🎉' }, bob);
    expect(reaction.statusCode, reaction.body).toBe(200);
    page = await newestTwice(ada, roomId);
    const edited = page.messages.find((m) => m.id === first.id);
    expect(edited?.content).toBe('first words, edited');
    expect(edited?.edited_at).not.toBeNull();
    expect(edited?.reactions.map((r) => [r.emoji, r.user_id])).toEqual([['🎉', bob.id]]);

    // The reaction taken back, the other message deleted by its author elsewhere.
    clock.advance(5_000);
    await elsewhere(bob).api.post(`/api/messages/${first.id}/reactions`, { emoji: '🎉' }, bob);
    expect((await elsewhere(bob).api.delete(`/api/messages/${second.id}`, undefined, bob)).statusCode).toBe(204);
    page = await newestTwice(ada, roomId);
    expect(page.messages.find((m) => m.id === first.id)?.reactions).toEqual([]);
    const deleted = page.messages.find((m) => m.id === second.id);
    expect(deleted).toMatchObject({ deleted: true, content: '' });

    // A moderator's removal.
    clock.advance(5_000);
    const third = messageOf(await bob.send(roomId, 'spam to remove'));
    expect((await newestTwice(ada, roomId)).messages.at(-1)?.content).toBe('spam to remove');
    expect((await ada.api.post(`/api/messages/${third.id}/remove`, {}, ada)).statusCode).toBe(204);
    page = await newestTwice(ada, roomId);
    expect(page.messages.at(-1)).toMatchObject({
      id: third.id,
      deleted: true,
      removed_by_moderator: true,
      content: '',
    });
  });

  it('shows a person’s new name and avatar at once, though the room did not change', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const original = messageOf(await bob.send(roomId, 'hello'));
    clock.advance(5_000);
    await ada.api.post(`/api/messages/${original.id}/reactions`, { emoji: '👍' }, ada);
    await newestTwice(bob, roomId);

    // Bob renames himself through the other process: his messages show the new name.
    const renamed = await elsewhere(bob).api.patch('/api/profile', { display_name: 'Bob Renamed' }, bob);
    expect(renamed.statusCode, renamed.body).toBe(200);
    let page = await newestTwice(bob, roomId);
    expect(page.messages[0]?.author.display_name).toBe('Bob Renamed');

    // Ada's avatar changes (as a sync from GitHub writes it): the reactor shown on the page follows.
    const avatar = 'https://avatars.githubusercontent.com/u/424242?v=4';
    await app.ctx.database.db.updateTable('profiles').set({ avatar_url: avatar }).where('id', '=', ada.id).execute();
    page = await newestTwice(bob, roomId);
    expect(page.messages[0]?.reactions[0]?.user).toMatchObject({ id: ada.id, avatar_url: avatar });
  });

  it('serves a page around a message again only while the room is unchanged', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      clock.advance(30_000);
      ids.push(messageOf(await ada.send(roomId, text)).id);
    }
    const around = async (messageId: string) => {
      const url = `/api/rooms/${roomId}/messages?limit=50&around=${messageId}`;
      const first = (await bob.api.get(url, { cookie: bob.cookie })).json<MessagesPageResponse>();
      expect((await bob.api.get(url, { cookie: bob.cookie })).json<MessagesPageResponse>()).toEqual(first);
      return first;
    };
    expect((await around(ids[1]!)).messages.map((m) => m.content)).toEqual(['one', 'two', 'three']);

    // A new message (from the other process) joins the page's newer side; an edit shows at once.
    clock.advance(30_000);
    await elsewhere(bob).send(roomId, 'four');
    expect((await around(ids[1]!)).messages.map((m) => m.content)).toEqual(['one', 'two', 'three', 'four']);
    const edit = await elsewhere(ada).api.patch(`/api/messages/${ids[0]}`, { content: 'one, edited' }, ada);
    expect(edit.statusCode, edit.body).toBe(200);
    const page = await around(ids[1]!);
    expect(page.messages.map((m) => m.content)).toEqual(['one, edited', 'two', 'three', 'four']);
    // Another message's page is its own.
    expect((await around(ids[2]!)).messages.map((m) => m.content)).toEqual(page.messages.map((m) => m.content));
    expect((await around(ids[2]!)).last_seq).toBe(page.last_seq);
  });

  it('answers the same bytes every time, compressed as each request accepts', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(30_000);
      expect(
        (await ada.send(roomId, `message ${i} with enough words to pass the compression threshold`)).statusCode,
      ).toBe(201);
    }
    const get = (encoding?: string) =>
      app.app.inject({
        url: `/api/rooms/${roomId}/messages?limit=50`,
        headers: { cookie: ada.cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    const again = await get();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(again.body).toBe(plain.body);
    expect(plain.json<MessagesPageResponse>().messages).toHaveLength(4);

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i += 1) {
        const compressed = await get(encoding);
        expect(compressed.statusCode).toBe(200);
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers.vary).toContain('Accept-Encoding');
        expect(decode(compressed.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('answers 404 for a room that is gone, though its page was remembered', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    await ada.send(roomId, 'soon gone');
    await newestTwice(ada, roomId);
    await app.ctx.database.db.deleteFrom('chat_rooms').where('id', '=', roomId).execute();
    const response = await ada.api.get(`/api/rooms/${roomId}/messages?limit=50`, { cookie: ada.cookie });
    expect(response.statusCode).toBe(404);
  });
});

describe('the room page memory', () => {
  const page = (lastSeq: number): RememberedPage => ({
    lastSeq,
    people: new Map(),
    rows: [],
    response: { messages: [], next_cursor: null, newer_cursor: null, last_seq: lastSeq },
  });

  it('keeps at most its capacity, dropping the least recently remembered', () => {
    const cache = createRoomPageCache(2);
    cache.remember({ roomId: 'a', limit: 50 }, page(1));
    cache.remember({ roomId: 'b', limit: 50 }, page(1));
    cache.remember({ roomId: 'c', limit: 50 }, page(1));
    expect(cache.size).toBe(2);
    expect(cache.has({ roomId: 'a', limit: 50 })).toBe(false);
    expect(cache.has({ roomId: 'b', limit: 50 })).toBe(true);
    expect(cache.has({ roomId: 'c', limit: 50 })).toBe(true);
  });

  it('does not replace a page with one read at an older sequence number', () => {
    const cache = createRoomPageCache(4);
    cache.remember({ roomId: 'a', limit: 50 }, page(7));
    cache.remember({ roomId: 'a', limit: 50 }, page(6));
    expect(cache.peek({ roomId: 'a', limit: 50 })?.lastSeq).toBe(7);
    cache.remember({ roomId: 'a', limit: 50 }, page(8));
    expect(cache.peek({ roomId: 'a', limit: 50 })?.lastSeq).toBe(8);
  });
});
