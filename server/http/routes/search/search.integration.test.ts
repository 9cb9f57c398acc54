import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchMessagesResponse } from '../../../../shared/api/search';
import { seededMessageId, seedRoomMessages } from '../../../../bench/http/seed-messages';
import { describeEachDatabase } from '../../../testing/databases';
import { indexRoomForSearch } from '../../../testing/search-seed';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, messageOf, testClock, type TestMember, roomWith } from '../../../testing/room-test-kit';

describeEachDatabase('message search', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  async function say(member: TestMember, roomId: string, text: string): Promise<string> {
    clock.advance(7000); // past the per-minute send limit over a test's messages
    const response = await member.send(roomId, text);
    expect(response.statusCode).toBe(201);
    return messageOf(response).id;
  }
  async function search(member: TestMember, params: Record<string, string>) {
    const query = new URLSearchParams(params).toString();
    return member.api.get(`/api/search/messages?${query}`, { cookie: member.cookie });
  }
  async function found(member: TestMember, params: Record<string, string>): Promise<SearchMessagesResponse> {
    const response = await search(member, params);
    expect(response.statusCode).toBe(200);
    return response.json<SearchMessagesResponse>();
  }

  it('finds messages by whole words (or the words a "word*" begins), in any letter case, newest first, with room and author', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const first = await say(ada, roomId, 'The Release notes are out');
    await say(grace, roomId, 'nothing to see here');
    const second = await say(grace, roomId, 'when is the next release? asking for the releases page');

    const result = await found(ada, { q: 'RELEAS*', room_id: roomId });
    expect(result.results.map((r) => r.id)).toEqual([second, first]);
    expect(result.results[0]).toMatchObject({
      room_id: roomId,
      content: 'when is the next release? asking for the releases page',
      author: { id: grace.id, username: grace.username },
    });
    expect(result.results[0]?.repo_full_name).toMatch(/^[^/]+\/[^/]+$/);
    expect(result.next_before).toBeNull();

    expect((await found(ada, { q: 'releas', room_id: roomId })).results).toEqual([]);
    expect((await found(ada, { q: 'releases', room_id: roomId })).results.map((r) => r.id)).toEqual([second]);
    // Every word is required; from:login keeps one author.
    expect((await found(ada, { q: 'release notes', room_id: roomId })).results.map((r) => r.id)).toEqual([first]);
    expect((await found(ada, { q: `release from:${ada.username}` })).results.map((r) => r.id)).toEqual([first]);
    expect((await found(ada, { q: `from:@${grace.username.toUpperCase()}`, room_id: roomId })).results).toHaveLength(2);
    expect((await found(ada, { q: 'from:nobody-by-that-name release' })).results).toEqual([]);
  });

  it('splits words the same way on both databases: links, hosts, paths and hyphens', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const link = await say(ada, roomId, 'see https://github.com/caddyserver/caddy/pull/4242 and mail ops@example.org');
    const hyphen = await say(ada, roomId, 'a pull-request for v2.7.1 of the_config file ./etc/caddy.json');
    const ids = async (q: string) => (await found(ada, { q, room_id: roomId })).results.map((r) => r.id);
    expect(await ids('github')).toEqual([link]);
    expect(await ids('caddyserver 4242')).toEqual([link]);
    expect(await ids('example')).toEqual([link]);
    expect(await ids('ops')).toEqual([link]);
    expect(await ids('pull')).toEqual([hyphen, link]);
    expect(await ids('request')).toEqual([hyphen]);
    expect(await ids('v2 7')).toEqual([hyphen]);
    expect(await ids('config json')).toEqual([hyphen]);
    expect(await ids('cadd*')).toEqual([hyphen, link]);
  });

  it('finds words in any letter case beyond ASCII', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const shouted = await say(ada, roomId, 'ÜBER die ÉCOLE: Straße und ÇA');
    const ids = async (q: string) => (await found(ada, { q, room_id: roomId })).results.map((r) => r.id);
    expect(await ids('über')).toEqual([shouted]);
    expect(await ids('École')).toEqual([shouted]);
    expect(await ids('straße ça')).toEqual([shouted]);
    expect(await ids('écol*')).toEqual([shouted]);
    expect(await ids('ecole')).toEqual([]);
  });

  it('finds the words a "word*" begins, however many there are', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const many = await say(ada, roomId, Array.from({ length: 60 }, (_, i) => `qx${i}`).join(' '));
    const other = await say(ada, roomId, 'qxa and nothing else');
    const ids = async (q: string) => (await found(ada, { q, room_id: roomId })).results.map((r) => r.id);
    expect(await ids('qx*')).toEqual([other, many]);
    expect(await ids('qx5*')).toEqual([many]);
    expect(await ids('qx5* qx1*')).toEqual([many]);
    expect(await ids('qxa* qx5*')).toEqual([]);
    expect(await ids('qz*')).toEqual([]);
  });

  it('never finds a deleted message, and finds an edited one by its new words only', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const gone = await say(ada, roomId, 'platypus secret number one');
    const edited = await say(ada, roomId, 'wombat first wording');
    expect((await ada.api.delete(`/api/messages/${gone}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
    const patched = await ada.api.patch(
      `/api/messages/${edited}`,
      { content: 'echidna new wording' },
      { cookie: ada.cookie },
    );
    expect(patched.statusCode).toBe(200);

    expect((await found(ada, { q: 'platypus', room_id: roomId })).results).toEqual([]);
    expect((await found(ada, { q: 'wombat', room_id: roomId })).results).toEqual([]);
    expect((await found(ada, { q: 'echidna', room_id: roomId })).results.map((r) => r.id)).toEqual([edited]);
    expect((await found(ada, { q: 'wording' })).results.map((r) => r.id)).toEqual([edited]);
  });

  it('finds by prefix the words of new and edited messages at once, and no longer those only a deleted one held', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const ids = async (q: string) => (await found(ada, { q, room_id: roomId })).results.map((r) => r.id);
    const first = await say(ada, roomId, 'zyzzogeton and zyzzyva share a hall');
    const second = await say(ada, roomId, 'a zyzzyva again');
    expect(await ids('zyzz*')).toEqual([second, first]);
    // Edited: the new word is found by its beginning; the old one only where another message keeps it.
    await ada.api.patch(`/api/messages/${first}`, { content: 'zymurgy now' }, { cookie: ada.cookie });
    expect(await ids('zym*')).toEqual([first]);
    expect(await ids('zyzzo*')).toEqual([]);
    expect(await ids('zyzzy*')).toEqual([second]);
    // Deleted: nothing is found, and (SQLite) its words leave the search vocabulary.
    await ada.api.delete(`/api/messages/${second}`, {}, { cookie: ada.cookie });
    expect(await ids('zyzz*')).toEqual([]);
    if (engine === 'sqlite') {
      const left = await sql<{ term: string }>`
        select term from message_search_terms where term like 'zy%' order by term`.execute(app.database.db);
      expect(left.rows.map((row) => row.term)).toEqual(['zymurgy']);
    }
  });

  it('finds a rare word far below the newest messages of a large room', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    // More messages than the newest-messages window: older matches come from the index.
    await seedRoomMessages(app.database, roomId, ada.id, 1200);
    const ids = async (q: string) => (await found(ada, { q, room_id: roomId })).results.map((r) => r.id);
    expect(await ids('7')).toEqual([seededMessageId(7)]);
    expect(await ids('number 1199')).toEqual([seededMessageId(1199)]);
    expect((await found(ada, { q: '7' })).results.map((r) => r.id)).toEqual([seededMessageId(7)]);
    const common = await ids('releases');
    expect(common).toHaveLength(20);
    expect(common[0]).toBe(seededMessageId(1200));
  });

  it('finds a common word that the newest messages of a large room do not hold', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    // 6,000 older messages that all say "releases" (more than the index is counted to), then 1,050
    // newer ones that do not: the page comes from walking the room back from the newest messages.
    const row = (n: number, content: string) => ({
      id: `00000000-0000-7000-a000-${String(n).padStart(12, '0')}`,
      room_id: roomId,
      user_id: ada.id,
      client_id: `walk-${n}`,
      content,
      created_at: new Date(Date.UTC(2025, 5, 1) + n).toISOString(),
      edited_at: null,
    });
    const rows = Array.from({ length: 7050 }, (_, i) =>
      i < 6000 ? row(i, `old news number ${i} about releases`) : row(i, `plain chatter ${i}`),
    );
    for (let i = 0; i < rows.length; i += 350) {
      await app.database.db
        .insertInto('messages')
        .values(rows.slice(i, i + 350))
        .execute();
    }
    // Written past the repository and the room's log: indexed for search here.
    await indexRoomForSearch(app.database.db, roomId);
    const ids = async (q: string) => (await found(ada, { q, room_id: roomId })).results.map((r) => r.id);
    const newestOld = Array.from({ length: 20 }, (_, i) => rows[5999 - i]?.id);
    expect(await ids('releases')).toEqual(newestOld);
    expect(await ids('releas*')).toEqual(newestOld);
    expect(await ids('chatter 6017')).toEqual([rows[6017]?.id]);
    expect(await ids('number 3')).toEqual([rows[3]?.id]);
  });

  it("searches only the rooms one is a member of, and refuses another room's search", async () => {
    const ada = await createMember(app);
    const eve = await createMember(app);
    const adaRoom = await roomWith(ada);
    const eveRoom = await roomWith(eve);
    await say(ada, adaRoom, 'kookaburra in my room');
    await say(eve, eveRoom, 'kookaburra in the room of someone else');

    const mine = await found(ada, { q: 'kookaburra' });
    expect(mine.results.map((r) => r.room_id)).toEqual([adaRoom]);

    const refused = await search(ada, { q: 'kookaburra', room_id: eveRoom });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: 'You are not a member of this room' } });
    // Whatever else the search says: a word nobody wrote, a cursor that is no message.
    expect((await search(ada, { q: 'nobodywrotethis', room_id: eveRoom })).statusCode).toBe(403);
    expect((await search(ada, { q: 'kookaburra', room_id: eveRoom, before: 'not-a-message' })).statusCode).toBe(403);
    expect((await search(ada, { q: 'kookaburra', room_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );

    // Leaving a room takes its messages out of one's searches.
    expect((await ada.api.post(`/api/rooms/${adaRoom}/leave`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
    expect((await found(ada, { q: 'kookaburra' })).results).toEqual([]);
  });

  it('answers bad searches with a clear error and never passes search syntax to the database', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    await say(ada, roomId, 'quoted "words" and (parentheses) OR stars* near');

    const blank = await search(ada, { q: '  !? ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: { message: 'Type something to search for' } });
    expect((await search(ada, { q: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await ada.api.get('/api/search/messages?q=words')).statusCode).toBe(401);

    for (const q of ['"words', '(parentheses', 'OR stars*', 'NEAR(words)', 'words:*', "words' --", '^words']) {
      const response = await search(ada, { q, room_id: roomId });
      expect(response.statusCode, q).toBe(200);
      expect(response.json<SearchMessagesResponse>().results.length, q).toBe(1);
    }
  });

  it('pages through many results with next_before', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) ids.push(await say(ada, roomId, `numbat sighting ${i}`));

    const first = await found(ada, { q: 'numbat', room_id: roomId });
    expect(first.results).toHaveLength(20);
    expect(first.next_before).toBe(first.results[19]?.id);
    const second = await found(ada, { q: 'numbat', room_id: roomId, before: first.next_before ?? '' });
    expect(second.next_before).toBeNull();
    expect([...first.results, ...second.results].map((r) => r.id)).toEqual([...ids].reverse());
  });
});
