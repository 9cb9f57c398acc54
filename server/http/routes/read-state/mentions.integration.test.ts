import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MentionsPageResponse } from '../../../../shared/api/notifications';
import type { RoomUnreadDto, UnreadSummaryResponse } from '../../../../shared/api/read-state';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, messageOf, roomWith, testClock, type TestMember } from '../../../testing/room-test-kit';

describeEachDatabase('mentions and notification levels', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  let sent = 0;
  async function say(member: TestMember, roomId: string, content: string, replyTo?: string): Promise<string> {
    clock.advance(7000);
    sent += 1;
    const response = await member.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `mention-${sent}`, content, ...(replyTo ? { reply_to_id: replyTo } : {}) },
      { cookie: member.cookie },
    );
    expect(response.statusCode).toBe(201);
    // Mentions are recorded in the batch after the commit.
    await app.services.postCommit.flush();
    return messageOf(response).id;
  }
  const mentions = (member: TestMember, query = '') =>
    member.api.get(`/api/me/mentions${query}`, { cookie: member.cookie });
  async function unread(member: TestMember, roomId: string): Promise<RoomUnreadDto | undefined> {
    const response = await member.api.get('/api/me/unread', { cookie: member.cookie });
    return response.json<UnreadSummaryResponse>().rooms.find((room) => room.room_id === roomId);
  }
  const setLevel = (member: TestMember, roomId: string, level: unknown) =>
    member.api.put(`/api/rooms/${roomId}/notifications`, { level }, { cookie: member.cookie });

  it('lists my mentions and replies to me across my rooms, newest first, with room, author and excerpt', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const first = await roomWith(ada, bob);
    const second = await roomWith(ada, bob);
    const question = await say(ada, first, 'my question');
    const mention = await say(bob, first, `hello @${ada.username}\nsecond line`);
    await say(bob, first, 'not about ada');
    const answer = await say(bob, second, 'an answer', undefined);
    const reply = await say(bob, first, 'replying to you', question);
    await say(bob, first, `@${bob.username} talking to myself`);

    const response = await mentions(ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json<MentionsPageResponse>();
    expect(page.mentions.map((m) => m.message_id)).toEqual([reply, mention]);
    const room = (await ada.api.get(`/api/rooms/${first}`, { cookie: ada.cookie })).json<{
      room: { repo_full_name: string };
    }>().room;
    expect(page.mentions[1]).toEqual({
      message_id: mention,
      room_id: first,
      room_name: room.repo_full_name,
      author: {
        id: bob.id,
        username: bob.username,
        display_name: expect.any(String) as unknown,
        avatar_url: null,
        // Test accounts' usernames are their GitHub logins.
        github_login: bob.username,
      },
      created_at: expect.any(String) as unknown,
      excerpt: `hello @${ada.username}`,
      unread: true,
    });
    expect(page.next_cursor).toBeNull();
    expect((await mentions(bob)).json<MentionsPageResponse>().mentions).toEqual([]);
    expect(answer).toBeTruthy();

    // Read: no longer unread, still listed.
    await ada.api.put(`/api/rooms/${first}/read`, { message_id: reply }, { cookie: ada.cookie });
    expect((await mentions(ada)).json<MentionsPageResponse>().mentions.map((m) => m.unread)).toEqual([false, false]);
    // A deleted message leaves the list; leaving the room takes its mentions away.
    await bob.api.delete(`/api/messages/${reply}`, {}, { cookie: bob.cookie });
    expect((await mentions(ada)).json<MentionsPageResponse>().mentions.map((m) => m.message_id)).toEqual([mention]);
    await ada.api.post(`/api/rooms/${first}/leave`, {}, { cookie: ada.cookie });
    expect((await mentions(ada)).json<MentionsPageResponse>().mentions).toEqual([]);
  });

  it('pages with next_cursor, and refuses visitors, bad cursors and limits', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const roomId = await roomWith(ada, bob);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await say(bob, roomId, `ping ${i} @${ada.username}`));
    const first = (await mentions(ada, '?limit=2')).json<MentionsPageResponse>();
    expect(first.mentions.map((m) => m.excerpt)).toEqual([`ping 4 @${ada.username}`, `ping 3 @${ada.username}`]);
    const second = (await mentions(ada, `?limit=2&before=${first.next_cursor}`)).json<MentionsPageResponse>();
    const third = (await mentions(ada, `?limit=2&before=${second.next_cursor}`)).json<MentionsPageResponse>();
    expect([...first.mentions, ...second.mentions, ...third.mentions].map((m) => m.message_id)).toEqual(
      [...ids].reverse(),
    );
    expect(third.next_cursor).toBeNull();
    expect((await apiClient(app.app).get('/api/me/mentions')).statusCode).toBe(401);
    expect((await mentions(ada, '?before=nonsense')).statusCode).toBe(400);
    expect((await mentions(ada, '?limit=0')).statusCode).toBe(400);
    expect((await mentions(ada, '?limit=51')).statusCode).toBe(400);
  });

  it('stores how a member hears about a room; mentions count whatever the level', async () => {
    const ada = await createMember(app);
    const bob = await createMember(app);
    const eve = await createMember(app);
    const roomId = await roomWith(ada, bob);
    expect((await unread(ada, roomId))?.notification_level).toBe('mentions');
    for (const level of ['all', 'mute', 'mentions', 'mute'] as const) {
      const response = await setLevel(ada, roomId, level);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ level });
      expect((await unread(ada, roomId))?.notification_level).toBe(level);
    }
    // Per member: Bob's level is his own.
    expect((await unread(bob, roomId))?.notification_level).toBe('mentions');
    await say(bob, roomId, 'plain');
    await say(bob, roomId, `@${ada.username} look`);
    // Muted: no unread count, only the mention (and the room still opens at the first unread).
    expect(await unread(ada, roomId)).toMatchObject({
      unread_count: 0,
      mention_count: 1,
      notification_level: 'mute',
      first_unread_message_id: expect.any(String) as unknown,
    });
    await setLevel(ada, roomId, 'mentions');
    expect(await unread(ada, roomId)).toMatchObject({ unread_count: 2, mention_count: 1 });
    await setLevel(ada, roomId, 'mute');

    const bad = await setLevel(ada, roomId, 'loud');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('level must be one of all, mentions, mute');
    expect((await setLevel(eve, roomId, 'all')).statusCode).toBe(403);
    expect((await setLevel(ada, '00000000-0000-4000-8000-000000000000', 'all')).statusCode).toBe(404);
    expect((await apiClient(app.app).put(`/api/rooms/${roomId}/notifications`, { level: 'all' })).statusCode).toBe(401);
    expect((await unread(ada, roomId))?.notification_level).toBe('mute');
    // A member who left has no say any more.
    await ada.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: ada.cookie });
    expect((await setLevel(ada, roomId, 'all')).statusCode).toBe(403);
  });
});
