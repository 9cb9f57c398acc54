import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchMessagesResponse } from '../../../shared/api/search';
import type { MentionsPageResponse } from '../../../shared/api/notifications';
import type { UnreadSummaryResponse } from '../../../shared/api/read-state';
import { describeEachDatabase } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMember, messageOf, roomWith, testClock, type TestMember } from '../../testing/room-test-kit';

describeEachDatabase('work applied after a send commits', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    app.services.postCommit.hold(false);
    await app?.destroy();
  });

  async function say(member: TestMember, roomId: string, text: string): Promise<string> {
    clock.advance(7000);
    const response = await member.send(roomId, text);
    expect(response.statusCode).toBe(201);
    return messageOf(response).id;
  }
  async function searchIds(member: TestMember, roomId: string, q: string): Promise<string[]> {
    const query = new URLSearchParams({ q, room_id: roomId }).toString();
    const response = await member.api.get(`/api/search/messages?${query}`, { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    return response.json<SearchMessagesResponse>().results.map((hit) => hit.id);
  }
  async function mentionIds(member: TestMember): Promise<string[]> {
    const response = await member.api.get('/api/me/mentions', { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    return response.json<MentionsPageResponse>().mentions.map((mention) => mention.message_id);
  }
  async function unreadIn(member: TestMember, roomId: string) {
    const response = await member.api.get('/api/me/unread', { cookie: member.cookie });
    return response.json<UnreadSummaryResponse>().rooms.find((room) => room.room_id === roomId);
  }
  async function readPosition(member: TestMember, roomId: string): Promise<string> {
    const row = await app.database.db
      .selectFrom('chat_members')
      .select('read_message_id')
      .where('room_id', '=', roomId)
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    return row.read_message_id;
  }
  async function mentionRows(roomId: string): Promise<number> {
    const row = await app.database.db
      .selectFrom('message_mentions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The room's after-commit cursor has reached its last event. */
  async function expectCursorAtLastEvent(roomId: string): Promise<void> {
    const cursor = await app.database.db
      .selectFrom('post_commit_cursors')
      .select('applied_seq')
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    const room = await app.database.db
      .selectFrom('chat_rooms')
      .select('last_seq')
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    expect(Number(cursor.applied_seq)).toBe(Number(room.last_seq));
  }

  it('indexes the words, records the mentions and moves the sender read position in the batch after the commit', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    app.services.postCommit.hold(true);
    const id = await say(ada, roomId, `quokka sighting, @${grace.username} look`);
    // Committed: the message and its event only.
    expect(await searchIds(ada, roomId, 'quokka')).toEqual(engine === 'sqlite' ? [] : [id]);
    expect(await mentionIds(grace)).toEqual([]);
    expect(await readPosition(ada, roomId)).not.toBe(id);
    // The sender never sees their own message as unread, batch or not.
    expect((await unreadIn(ada, roomId))?.unread_count).toBe(0);
    expect((await unreadIn(grace, roomId))?.unread_count).toBe(1);

    app.services.postCommit.hold(false);
    await app.services.postCommit.flush();
    expect(await searchIds(ada, roomId, 'quokka')).toEqual([id]);
    expect(await searchIds(ada, roomId, 'quok*')).toEqual([id]);
    expect(await mentionIds(grace)).toEqual([id]);
    expect(await readPosition(ada, roomId)).toBe(id);
    expect(await unreadIn(ada, roomId)).toMatchObject({ unread_count: 0, last_read_message_id: id });
    expect(await unreadIn(grace, roomId)).toMatchObject({ unread_count: 1, mention_count: 1 });
  });

  it('keeps the index in step with edits and deletes, before and after the batch', async () => {
    const ada = await createMember(app);
    const roomId = await roomWith(ada);
    const kept = await say(ada, roomId, 'wombat burrow');
    const gone = await say(ada, roomId, 'wombat tunnel');
    expect((await searchIds(ada, roomId, 'wombat')).sort()).toEqual([kept, gone].sort());
    const edited = await ada.api.patch(`/api/messages/${kept}`, { content: 'platypus burrow' }, { cookie: ada.cookie });
    expect(edited.statusCode).toBe(200);
    expect((await ada.api.delete(`/api/messages/${gone}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
    await app.services.postCommit.flush();
    expect(await searchIds(ada, roomId, 'wombat')).toEqual([]);
    expect(await searchIds(ada, roomId, 'wom*')).toEqual([]);
    expect(await searchIds(ada, roomId, 'platypus')).toEqual([kept]);

    // Edited and deleted while their batch is still to come: the batch indexes what they are now.
    app.services.postCommit.hold(true);
    const late = await say(ada, roomId, 'echidna spines');
    const lateGone = await say(ada, roomId, 'echidna quills');
    await ada.api.patch(`/api/messages/${late}`, { content: 'numbat spines' }, { cookie: ada.cookie });
    await ada.api.delete(`/api/messages/${lateGone}`, {}, { cookie: ada.cookie });
    app.services.postCommit.hold(false);
    await app.services.postCommit.flush();
    expect(await searchIds(ada, roomId, 'echidna')).toEqual([]);
    expect(await searchIds(ada, roomId, 'numbat')).toEqual([late]);
    expect(await searchIds(ada, roomId, 'spines')).toEqual([late]);
  });

  it('changes nothing when the same batch is applied again', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const first = await say(ada, roomId, `kakapo @${grace.username}`);
    const second = await say(grace, roomId, `kakapo again @${ada.username}`);
    const before = {
      found: await searchIds(ada, roomId, 'kakapo'),
      mentions: await mentionRows(roomId),
      ada: await readPosition(ada, roomId),
      grace: await readPosition(grace, roomId),
    };
    expect(before).toEqual({ found: [second, first], mentions: 2, ada: first, grace: second });
    // The room's cursor back at the start: every event's work is applied a second time.
    await app.database.db
      .updateTable('post_commit_cursors')
      .set({ applied_seq: 0 })
      .where('room_id', '=', roomId)
      .execute();
    await app.services.postCommit.flush();
    expect({
      found: await searchIds(ada, roomId, 'kakapo'),
      mentions: await mentionRows(roomId),
      ada: await readPosition(ada, roomId),
      grace: await readPosition(grace, roomId),
    }).toEqual(before);
    if (engine === 'sqlite') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from messages_fts
        where messages_fts match ${`room : r${roomId.replaceAll('-', '')}`}`.execute(app.database.db);
      expect(Number(rows[0]?.n)).toBe(2);
    }
    await expectCursorAtLastEvent(roomId);
  });

  it('applies the sends of several rooms held back together in one batch, each room to its last event', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const rooms = [await roomWith(ada, grace), await roomWith(ada, grace), await roomWith(ada, grace)];
    app.services.postCommit.hold(true);
    const sent: Record<string, { ada: string; grace: string }> = {};
    for (const [index, roomId] of rooms.entries()) {
      await say(ada, roomId, `bilby${index} one`);
      const adaLast = await say(ada, roomId, `bilby${index} two @${grace.username}`);
      const graceLast = await say(grace, roomId, `bandicoot${index}`);
      sent[roomId] = { ada: adaLast, grace: graceLast };
    }
    app.services.postCommit.hold(false);
    await app.services.postCommit.flush();
    for (const [index, roomId] of rooms.entries()) {
      expect(await searchIds(ada, roomId, `bilby${index}`)).toHaveLength(2);
      expect(await searchIds(grace, roomId, `bandicoot${index}`)).toEqual([sent[roomId]?.grace]);
      expect(await readPosition(ada, roomId)).toBe(sent[roomId]?.ada);
      expect(await readPosition(grace, roomId)).toBe(sent[roomId]?.grace);
      expect(await mentionRows(roomId)).toBe(1);
      await expectCursorAtLastEvent(roomId);
    }
    expect((await mentionIds(grace)).sort()).toEqual(rooms.map((roomId) => sent[roomId]?.ada).sort());
  });
});
