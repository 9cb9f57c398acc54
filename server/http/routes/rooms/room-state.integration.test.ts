import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoomStateResponse } from '../../../../shared/api/room-state';
import { decodeFact } from '../../../services/room-events/room-event-facts';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  createMember,
  makeModerator,
  messageOf,
  roomWith,
  testClock,
  type TestMember,
} from '../../../testing/room-test-kit';

describeEachDatabase('room snapshot API', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const stateOf = async (member: TestMember, roomId: string, query = '') => {
    const response = await member.api.get(`/api/rooms/${roomId}/state${query}`, { cookie: member.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RoomStateResponse>();
  };
  const eventsOf = async (roomId: string) =>
    (
      await app.ctx.database.db
        .selectFrom('room_events')
        .select(['seq', 'type', 'payload'])
        .where('room_id', '=', roomId)
        .orderBy('seq')
        .execute()
    ).map((row) => ({ seq: Number(row.seq), event: decodeFact(row.type, row.payload) }));

  it('lets visitors and non-members read the room without their own standing; 404 for an unknown room', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada);
    expect((await ada.send(roomId, 'readable by anyone')).statusCode).toBe(201);
    const unknown = await ada.api.get('/api/rooms/00000000-0000-4000-8000-000000000000/state', { cookie: ada.cookie });
    expect(unknown.statusCode).toBe(404);
    const visitor = await apiClient(app.app).get(`/api/rooms/${roomId}/state`);
    const outsider = await grace.api.get(`/api/rooms/${roomId}/state`, { cookie: grace.cookie });
    for (const read of [visitor, outsider]) {
      expect(read.statusCode).toBe(200);
      const body = read.json();
      expect(body.viewer).toBeNull();
      expect(body.members).toEqual([]);
      expect(body.online_user_ids).toEqual([]);
      expect(body.messages.messages.map((m: { content: string }) => m.content)).toEqual(['readable by anyone']);
    }
    // Reading joined no one.
    const details = await grace.api.get(`/api/rooms/${roomId}`, { cookie: grace.cookie });
    expect(details.json().membership).toBeNull();
    expect(details.json().member_count).toBe(1);
    expect((await ada.api.get(`/api/rooms/${roomId}/state?limit=0`, { cookie: ada.cookie })).statusCode).toBe(400);
  });

  it('shows everything the room screen shows, at the sequence of the last event', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    await makeModerator(app, roomId, ada.id, clock.now());
    const as = { cookie: ada.cookie };
    const first = messageOf(await grace.send(roomId, 'First words'));
    await grace.send(roomId, 'Second words');
    expect((await ada.api.post(`/api/messages/${first.id}/pin`, {}, as)).statusCode).toBe(204);
    await ada.api.put(`/api/rooms/${roomId}/topic`, { topic: 'Be kind' }, as);
    await ada.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 30 }, as);
    expect(
      (await ada.api.post(`/api/rooms/${roomId}/mutes`, { user_id: grace.id, duration: '10m' }, as)).statusCode,
    ).toBe(200);

    const state = await stateOf(ada, roomId);
    const events = await eventsOf(roomId);
    expect(state.last_seq).toBe(events[events.length - 1]?.seq);
    expect(state.room).toMatchObject({ id: roomId, topic: 'Be kind', slow_mode_seconds: 30 });
    expect(state.members.map((m) => m.user.id).sort()).toEqual([grace.id, ada.id].sort());
    expect(state.members.find((m) => m.user.id === grace.id)?.muted_until).not.toBeNull();
    expect(state.pins.map((pin) => pin.message.id)).toEqual([first.id]);
    expect(state.messages.messages.map((m) => m.content)).toEqual(['First words', 'Second words']);
    // Grace's messages are unread for Ada: the page opens at the first of them.
    expect(state.messages).toMatchObject({ next_cursor: null, newer_cursor: null, opened_at: 'unread' });
    expect(state.viewer?.first_unread_message_id).toBe(first.id);
    expect(state.viewer).toMatchObject({ moderator: true, muted_until: null, notification_level: 'mentions' });
    expect(state.bans).toEqual([]);
    expect(state.online_user_ids).toEqual([]);

    // A member sees their own standing, and no bans.
    const seen = await stateOf(grace, roomId);
    expect(seen.viewer?.moderator).toBe(false);
    expect(seen.viewer?.muted_until).toBe(state.members.find((m) => m.user.id === grace.id)?.muted_until);
    expect(seen.bans).toBeNull();
  });

  it("opens at the caller's first unread message, at a linked one, or at the newest when the link is not in the room", async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const sent = [];
    for (let i = 0; i < 8; i += 1) {
      clock.advance(1000);
      sent.push(messageOf(await grace.send(roomId, `Message ${i}`)));
    }
    const unread = await stateOf(ada, roomId, '?limit=4');
    expect(unread.viewer?.first_unread_message_id).toBe(sent[0]?.id);
    expect(unread.messages.opened_at).toBe('unread');
    // Half the page above it (none here), the message and what follows.
    expect(unread.messages.messages.map((m) => m.content)).toEqual(['Message 0', 'Message 1']);
    expect(unread.messages.newer_cursor).not.toBeNull();

    const linked = await stateOf(ada, roomId, `?limit=4&around=${sent[5]?.id ?? ''}`);
    expect(linked.messages.opened_at).toBe('anchor');
    expect(linked.messages.messages.map((m) => m.content)).toEqual([
      'Message 3',
      'Message 4',
      'Message 5',
      'Message 6',
    ]);

    const missing = await stateOf(ada, roomId, '?limit=4&around=00000000-0000-4000-8000-000000000000');
    expect(missing.messages.opened_at).toBe('anchor-missing');
    expect(missing.messages.messages.map((m) => m.content)).toEqual([
      'Message 4',
      'Message 5',
      'Message 6',
      'Message 7',
    ]);
    expect(missing.messages.next_cursor).not.toBeNull();

    // Everything read: the newest page.
    expect(grace.id).not.toBe(ada.id);
    expect((await stateOf(grace, roomId, '?limit=4')).messages.opened_at).toBe('newest');
  });

  it('reads one state of the room: what it shows is what the events up to its sequence made', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    const joiners = await Promise.all(Array.from({ length: 6 }, () => createMember(app)));
    // Messages and joins land while snapshots are read.
    const writes = [
      ...Array.from({ length: 12 }, (_, i) => grace.send(roomId, `Busy ${i}`)),
      ...joiners.map((member) => member.api.post(`/api/rooms/${roomId}/join`, {}, { cookie: member.cookie })),
    ];
    const snapshots = Array.from({ length: 8 }, () => stateOf(ada, roomId));
    await Promise.all(writes);
    const events = await eventsOf(roomId);
    for (const state of await Promise.all(snapshots)) {
      const upTo = events.filter((e) => e.seq <= state.last_seq).map((e) => e.event);
      const created = upTo.flatMap((e) => (e.type === 'message.created' ? [e.message.id] : []));
      const joined = upTo.flatMap((e) => (e.type === 'member.joined' ? [e.member.user_id] : []));
      expect(state.messages.messages.map((m) => m.id).sort()).toEqual(created.sort());
      expect(state.members.map((m) => m.user.id).sort()).toEqual(joined.sort());
    }
  });

  it('shows the member list as it is after every change between two reads, and names as they are after half a minute', async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(ada, grace);
    await makeModerator(app, roomId, ada.id, clock.now());
    const as = { cookie: ada.cookie };
    const members = async () =>
      Object.fromEntries(
        (await stateOf(ada, roomId)).members.map((m) => [
          m.user.id,
          { muted: m.muted_until !== null, name: m.user.display_name },
        ]),
      );
    expect(Object.keys(await members()).sort()).toEqual([ada.id, grace.id].sort());
    // Read again with no change in between: the same list.
    expect(Object.keys(await members()).sort()).toEqual([ada.id, grace.id].sort());

    const hopper = await createMember(app);
    expect((await hopper.api.post(`/api/rooms/${roomId}/join`, {}, { cookie: hopper.cookie })).statusCode).toBe(200);
    await grace.send(roomId, 'Messages in between change nothing');
    expect(Object.keys(await members()).sort()).toEqual([ada.id, grace.id, hopper.id].sort());

    expect(
      (await ada.api.post(`/api/rooms/${roomId}/mutes`, { user_id: grace.id, duration: '10m' }, as)).statusCode,
    ).toBe(200);
    expect((await members())[grace.id]?.muted).toBe(true);

    expect((await ada.api.post(`/api/rooms/${roomId}/bans`, { user_id: hopper.id }, as)).statusCode).toBe(204);
    expect(Object.keys(await members()).sort()).toEqual([ada.id, grace.id].sort());

    expect((await grace.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: grace.cookie })).statusCode).toBe(204);
    expect(Object.keys(await members())).toEqual([ada.id]);

    // A new name is not a room event: the list shows it once it is half a minute old.
    expect((await ada.api.patch('/api/profile', { display_name: 'Ada L.' }, as)).statusCode).toBe(200);
    clock.advance(30_001);
    expect((await members())[ada.id]?.name).toBe('Ada L.');
  });
});
