import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  HeldMessageResponse,
  HeldMessagesResponse,
  ProtectionSettingsDto,
} from '../../../../shared/api/protection';
import type { MessagesPageResponse, RoomDetailsResponse } from '../../../../shared/api/rooms';
import type { ModerationLogResponse } from '../../../../shared/api/moderation-tools';
import type { UnreadSummaryResponse } from '../../../../shared/api/read-state';
import type { MentionsPageResponse } from '../../../../shared/api/notifications';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  createMember,
  makeModerator,
  messageOf,
  roomWith,
  testClock,
  type TestMember,
} from '../../../testing/room-test-kit';
import { lastReplayedEvent } from '../../../testing/room-log';

const OFF: ProtectionSettingsDto = {
  new_account_days: 0,
  first_messages_held: 0,
  newcomer_links: 'allowed',
  locked: false,
};
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('room protection', (engine) => {
  let app: TestApp;
  const clock = testClock(Date.parse('2026-11-27T12:00:00.000Z'));
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const protect = (by: TestMember, roomId: string, settings: Partial<ProtectionSettingsDto>) =>
    by.api.put(`/api/rooms/${roomId}/protection`, { ...OFF, ...settings }, { cookie: by.cookie });
  const heldOf = async (who: TestMember, roomId: string) =>
    (await who.api.get(`/api/rooms/${roomId}/held-messages`, { cookie: who.cookie })).json<HeldMessagesResponse>();
  const pageOf = async (who: TestMember, roomId: string) =>
    (await who.api.get(`/api/rooms/${roomId}/messages`, { cookie: who.cookie })).json<MessagesPageResponse>().messages;
  const errorOf = (response: { json: <T>() => T }) =>
    response.json<{ error: { code: string; message: string; reason?: string } }>().error;

  async function protectedRoom() {
    const moderator = await createMember(app);
    const member = await createMember(app);
    const other = await createMember(app);
    const roomId = await roomWith(moderator, member, other);
    await makeModerator(app, roomId, moderator.id, clock.now());
    return { moderator, member, other, roomId };
  }

  it('a locked room refuses everyone but its moderators, and every member sees it locked', async () => {
    const { moderator, member, roomId } = await protectedRoom();
    const set = await protect(moderator, roomId, { locked: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(await lastReplayedEvent(app.ctx.database.db, roomId)).toEqual({ type: 'room.lock_changed', locked: true });
    const details = (
      await member.api.get(`/api/rooms/${roomId}`, { cookie: member.cookie })
    ).json<RoomDetailsResponse>();
    expect(details.room.locked).toBe(true);

    const refused = await member.send(roomId, 'hello?');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'forbidden',
      message: 'This room is locked',
      reason: 'room_locked',
    });
    expect((await moderator.send(roomId, 'announcement')).statusCode).toBe(201);

    expect((await protect(moderator, roomId, { locked: false })).statusCode).toBe(200);
    expect((await member.send(roomId, 'hello again')).statusCode).toBe(201);
  });

  it('refuses an account younger than "New GitHub accounts can post after", saying from when', async () => {
    const { moderator, member, roomId } = await protectedRoom();
    await app.ctx.database.db
      .updateTable('profiles')
      .set({ github_created_at: new Date(clock.now() - 2 * DAY).toISOString() })
      .where('id', '=', member.id)
      .execute();
    expect((await protect(moderator, roomId, { new_account_days: 7 })).statusCode).toBe(200);
    const refused = await member.send(roomId, 'first post');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      reason: 'account_too_new',
      message: `New GitHub accounts can post in this room 7 days after they are created: yours can post from ${new Date(
        clock.now() + 5 * DAY,
      )
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ')} UTC`,
    });
    expect(await pageOf(moderator, roomId)).toEqual([]);
    expect((await protect(moderator, roomId, { new_account_days: 1 })).statusCode).toBe(200);
    expect((await member.send(roomId, 'first post')).statusCode).toBe(201);
  });

  it('holds first messages out of sight until approved, then publishes them in their place', async () => {
    const { moderator, member, other, roomId } = await protectedRoom();
    expect((await protect(moderator, roomId, { first_messages_held: 1 })).statusCode).toBe(200);
    // `other` joined long ago: no newcomer.
    await app.ctx.database.db
      .updateTable('chat_members')
      .set({ joined_at: new Date(clock.now() - 30 * DAY).toISOString() })
      .where('user_id', '=', other.id)
      .execute();

    const held = await member.send(roomId, `hi @${other.username}, a first message`, 'held-1');
    expect(held.statusCode, held.body).toBe(202);
    const heldMessage = held.json<HeldMessageResponse>().held;
    expect(heldMessage).toMatchObject({ status: 'pending', reason: 'first_messages', client_id: 'held-1' });
    // A retry with the same client id answers the same held message.
    expect(
      (await member.send(roomId, `hi @${other.username}, a first message`, 'held-1')).json<HeldMessageResponse>().held
        .id,
    ).toBe(heldMessage.id);

    // Nobody else sees it: not the page, not the events, not unread counts or mentions.
    clock.advance(1000);
    const later = messageOf(await other.send(roomId, 'a later message'));
    expect((await pageOf(other, roomId)).map((m) => m.id)).toEqual([later.id]);
    expect(await lastReplayedEvent(app.ctx.database.db, roomId)).toMatchObject({
      type: 'message.created',
      message: { id: later.id },
    });
    const mentions = (await other.api.get('/api/me/mentions', { cookie: other.cookie })).json<MentionsPageResponse>();
    expect(mentions.mentions).toEqual([]);
    const unread = (
      await moderator.api.get('/api/me/unread', { cookie: moderator.cookie })
    ).json<UnreadSummaryResponse>();
    expect(JSON.stringify(unread)).not.toContain(heldMessage.id);
    expect(await heldOf(other, roomId)).toEqual({ held: [], can_review: false });
    expect((await heldOf(member, roomId)).held.map((h) => h.id)).toEqual([heldMessage.id]);
    const review = await heldOf(moderator, roomId);
    expect(review.can_review).toBe(true);
    expect(review.held.map((h) => [h.id, h.author.id])).toEqual([[heldMessage.id, member.id]]);

    // Only a moderator decides.
    expect(
      (await other.api.post(`/api/held-messages/${heldMessage.id}/approve`, {}, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await member.api.post(`/api/held-messages/${heldMessage.id}/approve`, {}, { cookie: member.cookie })).statusCode,
    ).toBe(403);

    const approved = await moderator.api.post(
      `/api/held-messages/${heldMessage.id}/approve`,
      {},
      { cookie: moderator.cookie },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(messageOf(approved)).toMatchObject({
      id: heldMessage.id,
      created_at: heldMessage.created_at,
      user_id: member.id,
    });
    expect((await pageOf(other, roomId)).map((m) => m.id)).toEqual([heldMessage.id, later.id]);
    expect(await lastReplayedEvent(app.ctx.database.db, roomId)).toMatchObject({
      type: 'message.created',
      message: { id: heldMessage.id },
    });
    const mentioned = (await other.api.get('/api/me/mentions', { cookie: other.cookie })).json<MentionsPageResponse>();
    expect(mentioned.mentions.map((m) => m.message_id)).toEqual([heldMessage.id]);
    expect((await heldOf(moderator, roomId)).held).toEqual([]);
    const again = await moderator.api.post(
      `/api/held-messages/${heldMessage.id}/approve`,
      {},
      { cookie: moderator.cookie },
    );
    expect(again.statusCode).toBe(404);

    // One approved message was the room's "first message": the next one is published.
    expect((await member.send(roomId, 'second message')).statusCode).toBe(201);
  });

  it('a rejected message stays with its author as not approved; both decisions are in the log', async () => {
    const { moderator, member, roomId } = await protectedRoom();
    expect((await protect(moderator, roomId, { first_messages_held: 3 })).statusCode).toBe(200);
    const first = (await member.send(roomId, 'one')).json<HeldMessageResponse>().held;
    const second = (await member.send(roomId, 'two')).json<HeldMessageResponse>().held;
    expect((await heldOf(moderator, roomId)).held).toHaveLength(2);

    expect(
      (await moderator.api.post(`/api/held-messages/${first.id}/reject`, {}, { cookie: moderator.cookie })).statusCode,
    ).toBe(204);
    expect(
      (await moderator.api.post(`/api/held-messages/${second.id}/approve`, {}, { cookie: moderator.cookie }))
        .statusCode,
    ).toBe(200);
    const rejectedAgain = await moderator.api.post(
      `/api/held-messages/${first.id}/approve`,
      {},
      { cookie: moderator.cookie },
    );
    expect(rejectedAgain.statusCode).toBe(409);
    expect(errorOf(rejectedAgain)).toMatchObject({
      message: 'This message was already reviewed',
      reason: 'already_reviewed',
    });
    expect(
      (await moderator.api.post('/api/held-messages/not-an-id/reject', {}, { cookie: moderator.cookie })).statusCode,
    ).toBe(404);

    expect((await heldOf(member, roomId)).held.map((h) => [h.id, h.status])).toEqual([[first.id, 'rejected']]);
    expect((await heldOf(moderator, roomId)).held).toEqual([]);
    expect((await pageOf(moderator, roomId)).map((m) => m.content)).toEqual(['two']);
    const log = (
      await moderator.api.get(`/api/rooms/${roomId}/moderation-log`, { cookie: moderator.cookie })
    ).json<ModerationLogResponse>();
    expect(log.entries.map((e) => e.action)).toEqual([
      'message.approved',
      'message.rejected',
      'room.protection_changed',
    ]);
  });

  it("holds a newcomer's links when asked to, and moderators never", async () => {
    const { moderator, member, roomId } = await protectedRoom();
    expect((await protect(moderator, roomId, { newcomer_links: 'held' })).statusCode).toBe(200);
    const withLink = await member.send(roomId, 'cheap pills at https://spam.example/buy');
    expect(withLink.statusCode).toBe(202);
    expect(withLink.json<HeldMessageResponse>().held.reason).toBe('links');
    expect((await member.send(roomId, 'a plain question')).statusCode).toBe(201);
    expect((await moderator.send(roomId, 'docs at https://docs.example/x')).statusCode).toBe(201);
  });

  it('holds the same text in a third room within ten minutes', async () => {
    const spammer = await createMember(app);
    const rooms = [await roomWith(spammer), await roomWith(spammer), await roomWith(spammer)];
    const text = `Join my server ${Date.now()}`;
    expect((await spammer.send(rooms[0]!, text)).statusCode).toBe(201);
    expect((await spammer.send(rooms[1]!, text)).statusCode).toBe(201);
    const third = await spammer.send(rooms[2]!, text);
    expect(third.statusCode).toBe(202);
    expect(third.json<HeldMessageResponse>().held.reason).toBe('duplicate');
    clock.advance(11 * 60_000);
    expect((await spammer.send(rooms[2]!, text)).statusCode).toBe(201);
  });

  it('refuses settings from a member and values outside the lists', async () => {
    const { moderator, member, roomId } = await protectedRoom();
    expect((await protect(member, roomId, { locked: true })).statusCode).toBe(403);
    expect((await member.api.get(`/api/rooms/${roomId}/protection`, { cookie: member.cookie })).statusCode).toBe(403);
    expect((await protect(moderator, roomId, { new_account_days: 5 as 7 })).statusCode).toBe(400);
    const settings = await moderator.api.get(`/api/rooms/${roomId}/protection`, { cookie: moderator.cookie });
    expect(settings.json<ProtectionSettingsDto>()).toEqual(OFF);
  });
});
