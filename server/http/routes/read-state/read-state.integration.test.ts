import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarkReadResponse, RoomUnreadDto, UnreadSummaryResponse } from '../../../../shared/api/read-state';
import { readStateRepository } from '../../../db/repositories/read-state.repository';
import { membersRepository } from '../../../db/repositories/members.repository';
import { StatementCounter } from '../../../testing/statement-counter';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, messageOf, testClock, type TestMember, roomWith } from '../../../testing/room-test-kit';
import { openTestSocket, type TestSocket } from '../../../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';

describeEachDatabase('read positions and unread counts', (engine) => {
  let app: TestApp;
  let url: string;
  const clock = testClock();
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.destroy();
  });

  async function say(member: TestMember, roomId: string, text: string): Promise<string> {
    clock.advance(7000); // past the per-minute send limit over a test's messages
    const response = await member.send(roomId, text);
    expect(response.statusCode).toBe(201);
    return messageOf(response).id;
  }
  async function unread(member: TestMember, roomId: string): Promise<RoomUnreadDto | undefined> {
    const response = await member.api.get('/api/me/unread', { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    return response.json<UnreadSummaryResponse>().rooms.find((room) => room.room_id === roomId);
  }
  const markRead = (member: TestMember, roomId: string, messageId: unknown) =>
    member.api.put(`/api/rooms/${roomId}/read`, { message_id: messageId }, { cookie: member.cookie });
  async function connect(member: TestMember): Promise<TestSocket> {
    const socket = await openTestSocket(url, { cookie: member.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.waitFor('hello');
    return socket;
  }

  it('counts messages by others after the read position, and where the room opens', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    expect(await unread(ada, roomId)).toEqual({
      room_id: roomId,
      unread_count: 0,
      mention_count: 0,
      last_read_message_id: null,
      first_unread_message_id: null,
      notification_level: 'mentions',
    });
    const first = await say(grace, roomId, 'one');
    await say(grace, roomId, 'two');
    const third = await say(grace, roomId, 'three');
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 3, first_unread_message_id: first });
    // Own messages are never unread, and writing moves the writer's position.
    expect(await unread(grace, roomId)).toMatchObject({ unread_count: 0, last_read_message_id: third });

    const read = await markRead(ada, roomId, first);
    expect(read.statusCode).toBe(200);
    expect(read.json<MarkReadResponse>()).toEqual({ last_read_message_id: first });
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 2, last_read_message_id: first });
    // Only forward: an older message leaves the position where it is.
    expect((await markRead(ada, roomId, third)).json<MarkReadResponse>()).toEqual({ last_read_message_id: third });
    expect((await markRead(ada, roomId, first)).json<MarkReadResponse>()).toEqual({ last_read_message_id: third });
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 0, first_unread_message_id: null });
  });

  it('does not count deleted messages; new members start with nothing unread', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(grace);
    await say(grace, roomId, 'before ada came');
    clock.advance(1000);
    await ada.join(
      (await grace.api.get(`/api/rooms/${roomId}`, { cookie: grace.cookie })).json<{
        room: { repo_full_name: string };
      }>().room.repo_full_name,
    );
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 0 });
    const gone = await say(grace, roomId, 'soon gone');
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 1 });
    expect((await grace.api.delete(`/api/messages/${gone}`, {}, { cookie: grace.cookie })).statusCode).toBe(204);
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 0, first_unread_message_id: null });
  });

  it('counts mentions of the mentioned member only, following edits and deletes', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const linus = await createMember(app);
    const roomId = await roomWith(ada, grace, linus);
    const hello = await say(grace, roomId, `hi @${ada.username.toUpperCase()}, see \`@${linus.username}\``);
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 1, mention_count: 1 });
    expect(await unread(linus, roomId)).toMatchObject({ unread_count: 1, mention_count: 0 });
    expect(await unread(grace, roomId)).toMatchObject({ mention_count: 0 });

    clock.advance(1000);
    const edit = await grace.api.patch(
      `/api/messages/${hello}`,
      { content: `hi @${linus.username}` },
      { cookie: grace.cookie },
    );
    expect(edit.statusCode).toBe(200);
    expect(await unread(ada, roomId)).toMatchObject({ mention_count: 0 });
    expect(await unread(linus, roomId)).toMatchObject({ mention_count: 1 });
    // A message mentioning its own author is no mention.
    await say(grace, roomId, `note to self @${grace.username}`);
    expect(await unread(grace, roomId)).toMatchObject({ mention_count: 0 });
    expect(await unread(linus, roomId)).toMatchObject({ mention_count: 1 });
    // Read: no longer an unread mention.
    await markRead(linus, roomId, hello);
    expect(await unread(linus, roomId)).toMatchObject({ mention_count: 0 });
    const again = await say(grace, roomId, `@${linus.username} one more`);
    expect(await unread(linus, roomId)).toMatchObject({ mention_count: 1, unread_count: 2 });
    await grace.api.delete(`/api/messages/${again}`, {}, { cookie: grace.cookie });
    expect(await unread(linus, roomId)).toMatchObject({ mention_count: 0, unread_count: 1 });
  });

  it('caps counts at 100 and answers for 50 rooms in one statement', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const db = app.ctx.database.db;
    const base = Date.parse('2026-03-02T00:00:00.000Z');
    const rows = Array.from({ length: 130 }, (_, i) => ({
      id: `0192aaaa-${String(i).padStart(4, '0')}-7000-8000-${String(i).padStart(12, '0')}`,
      room_id: roomId,
      user_id: grace.id,
      client_id: `cap-${i}`,
      content: `message ${i}`,
      created_at: new Date(base + i * 1000).toISOString(),
      edited_at: null,
    }));
    for (let i = 0; i < rows.length; i += 50)
      await db
        .insertInto('messages')
        .values(rows.slice(i, i + 50))
        .execute();
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 100, first_unread_message_id: rows[0]!.id });

    // 49 more rooms, made directly (joins are rate-limited and ask GitHub).
    for (let i = 0; i < 49; i += 1) {
      const id = `0192bbbb-${String(i).padStart(4, '0')}-7000-8000-000000000000`;
      await db
        .insertInto('chat_rooms')
        .values({
          id,
          title: `Room ${i}`,
          repo_full_name: `bulk/room-${i}-${engine}`,
          repo_key: `bulk/room-${i}-${engine}`,
          created_by: grace.id,
          last_activity_at: new Date(base).toISOString(),
          created_at: new Date(base).toISOString(),
          last_seq: 0,
        })
        .execute();
      await membersRepository(db).upsertActive({
        id: `m-${id}`,
        room_id: id,
        user_id: ada.id,
        joined_at: new Date(base).toISOString(),
      });
    }
    const counter = new StatementCounter();
    const summary = await readStateRepository(db.withPlugin(counter)).unreadSummary(ada.id);
    expect(summary).toHaveLength(50);
    expect(counter.count).toBe(1);
  });

  it('refuses bad requests, visitors, outsiders and foreign messages without moving anything', async () => {
    const ada = await createMember(app);
    const eve = await createMember(app);
    const roomId = await roomWith(ada);
    const otherRoom = await roomWith(ada);
    const here = await say(ada, roomId, 'here');
    const there = await say(ada, otherRoom, 'there');

    const missing = await markRead(ada, roomId, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('message_id');
    expect((await markRead(ada, roomId, 42)).statusCode).toBe(400);
    expect((await markRead(ada, roomId, 'nope')).statusCode).toBe(404);
    const foreign = await markRead(ada, roomId, there);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Message not found');
    const outsider = await markRead(eve, roomId, here);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.message).toBe('You are not a member of this room');
    expect((await markRead(ada, '00000000-0000-4000-8000-000000000000', here)).statusCode).toBe(404);
    const visitor = apiClient(app.app);
    expect((await visitor.put(`/api/rooms/${roomId}/read`, { message_id: here })).statusCode).toBe(401);
    expect((await visitor.get('/api/me/unread')).statusCode).toBe(401);
    expect(await unread(eve, roomId)).toBeUndefined();
  });

  it('tells every socket of the reader when the position moves, and members of new messages', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const eve = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const adaTab1 = await connect(ada);
    const adaTab2 = await connect(ada);
    const eveTab = await connect(eve);
    // Give the processes' watchers a moment to read each user's rooms.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const message = await say(grace, roomId, `hey @${ada.username}`);
    // Ada's sockets hear it without being subscribed to the room; Eve, not a member, does not.
    for (const tab of [adaTab1, adaTab2]) {
      const activity = await tab.waitFor('room.activity', (f) => f.message_id === message);
      expect(activity).toEqual({
        type: 'room.activity',
        room_id: roomId,
        message_id: message,
        author_id: grace.id,
        mentions_you: true,
        kind: 'created',
        author_name: expect.any(String) as unknown,
        excerpt: `hey @${ada.username}`,
      });
    }
    await markRead(ada, roomId, message);
    for (const tab of [adaTab1, adaTab2]) {
      expect(await tab.waitFor('read.updated')).toEqual({
        type: 'read.updated',
        room_id: roomId,
        last_read_message_id: message,
      });
    }
    expect(eveTab.frames.filter((f) => f.type === 'room.activity' || f.type === 'read.updated')).toEqual([]);

    // A room joined after the socket opened is heard too.
    const later = await roomWith(grace);
    await eve.join(
      (await grace.api.get(`/api/rooms/${later}`, { cookie: grace.cookie })).json<{
        room: { repo_full_name: string };
      }>().room.repo_full_name,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const news = await say(grace, later, 'welcome');
    await eveTab.waitFor('room.activity', (f) => f.message_id === news);
  });

  it('a socket subscribed to the room learns of a new message from its event, and of a mention from activity too', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const open = await connect(ada); // the room open in this tab
    const sidebar = await connect(ada); // another page: only the sidebar's counts
    open.send({ type: 'room.subscribe', room_id: roomId });
    await open.waitFor('room.subscribed');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const plain = await say(grace, roomId, 'plain news');
    const plainEvent = await open.waitFor('room.event', (f) => f.event.type === 'message.created');
    expect(plainEvent.event).toMatchObject({ message: { id: plain } });
    expect(await sidebar.waitFor('room.activity', (f) => f.message_id === plain)).toMatchObject({ kind: 'created' });

    const mention = await say(grace, roomId, `look @${ada.username}`);
    for (const tab of [open, sidebar]) {
      expect(await tab.waitFor('room.activity', (f) => f.message_id === mention)).toMatchObject({
        mentions_you: true,
      });
    }
    expect((await grace.api.delete(`/api/messages/${plain}`, {}, { cookie: grace.cookie })).statusCode).toBe(204);
    for (const tab of [open, sidebar]) {
      await tab.waitFor('room.activity', (f) => f.message_id === plain && f.kind === 'deleted');
    }
    // The open tab had one frame per message, its event, plus the mention's and deletion's activity.
    expect(open.frames.filter((f) => f.type === 'room.activity').map((f) => f.message_id)).toEqual([mention, plain]);
    expect(open.frames.filter((f) => f.type === 'room.event').length).toBe(3);

    // Unsubscribed again, the tab hears of new messages as activity.
    open.send({ type: 'room.unsubscribe', room_id: roomId });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = await say(grace, roomId, 'later');
    await open.waitFor('room.activity', (f) => f.message_id === later);
  });

  it("tells the user's other tabs when they change how they hear about a room, and nobody else", async () => {
    const ada = await createMember(app);
    const eve = await createMember(app);
    const roomId = await roomWith(ada);
    const adaTabs = [await connect(ada), await connect(ada)];
    const eveTab = await connect(eve);

    const changed = await ada.api.put(`/api/rooms/${roomId}/notifications`, { level: 'mute' }, { cookie: ada.cookie });
    expect(changed.statusCode).toBe(200);
    for (const tab of adaTabs) {
      expect(await tab.waitFor('notifications.updated')).toEqual({
        type: 'notifications.updated',
        room_id: roomId,
        level: 'mute',
      });
    }
    // A refused change (not a member) announces nothing.
    const refused = await eve.api.put(`/api/rooms/${roomId}/notifications`, { level: 'all' }, { cookie: eve.cookie });
    expect(refused.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eveTab.frames.filter((f) => f.type === 'notifications.updated')).toEqual([]);
    for (const tab of adaTabs) {
      expect(tab.frames.filter((f) => f.type === 'notifications.updated')).toHaveLength(1);
    }
  });
});
