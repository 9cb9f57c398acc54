import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IgnoredUsersResponse,
  ModerationLogResponse,
  ReportsCountResponse,
  ReportsResponse,
} from '../../../../shared/api/moderation-tools';
import type { RoomUnreadDto, UnreadSummaryResponse } from '../../../../shared/api/read-state';
import { describeEachDatabase } from '../../../testing/databases';
import { openTestSocket, type TestSocket } from '../../../testing/ws-test-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  createMember,
  makeModerator,
  messageOf,
  roomWith,
  testClock,
  type TestMember,
} from '../../../testing/room-test-kit';

describeEachDatabase('moderation log, reports and ignoring', (engine) => {
  let app: TestApp;
  let url = '';
  const sockets: TestSocket[] = [];
  const clock = testClock();
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

  async function connect(member: TestMember): Promise<TestSocket> {
    const socket = await openTestSocket(url, { cookie: member.cookie, origin: 'http://localhost:3000' });
    sockets.push(socket);
    await socket.waitFor('hello');
    return socket;
  }

  const errorOf = (response: { json: <T>() => T }) => response.json<{ error: { message: string } }>().error.message;
  const log = async (roomId: string, as: TestMember, query = '') =>
    as.api.get(`/api/rooms/${roomId}/moderation-log${query}`, { cookie: as.cookie });
  const reportsOf = async (roomId: string, as: TestMember) =>
    (await as.api.get(`/api/rooms/${roomId}/reports`, { cookie: as.cookie })).json<ReportsResponse>();
  const report = (as: TestMember, messageId: string, body: unknown) =>
    as.api.post(`/api/messages/${messageId}/reports`, body, { cookie: as.cookie });
  const countRows = async (table: 'message_reports' | 'moderation_log' | 'user_ignores') =>
    Number(
      (
        await app.ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A room with a maintainer (moderator) and two members. */
  async function moderatedRoom() {
    const maintainer = await createMember(app);
    const ada = await createMember(app);
    const grace = await createMember(app);
    const roomId = await roomWith(maintainer, ada, grace);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    return { maintainer, ada, grace, roomId };
  }

  describe('moderation log', () => {
    it('records every moderation action with who, whom and when, newest first, paged', async () => {
      const { maintainer, ada, grace, roomId } = await moderatedRoom();
      const removed = messageOf(await ada.send(roomId, 'buy cheap stuff here'));
      const pinned = messageOf(await grace.send(roomId, 'Release notes are in the wiki'));
      const reported = messageOf(await grace.send(roomId, 'a slightly off-topic remark'));
      expect((await report(ada, reported.id, { reason: 'off_topic' })).statusCode).toBe(204);
      const as = { cookie: maintainer.cookie };
      const steps: Array<() => Promise<{ statusCode: number }>> = [
        () => maintainer.api.post(`/api/messages/${removed.id}/remove`, {}, as),
        () => maintainer.api.post(`/api/messages/${pinned.id}/pin`, {}, as),
        () => maintainer.api.delete(`/api/messages/${pinned.id}/pin`, {}, as),
        () => maintainer.api.post(`/api/rooms/${roomId}/mutes`, { user_id: ada.id, duration: '1h' }, as),
        () => maintainer.api.delete(`/api/rooms/${roomId}/mutes/${ada.id}`, {}, as),
        () => maintainer.api.post(`/api/rooms/${roomId}/bans`, { user_id: grace.id }, as),
        () => maintainer.api.delete(`/api/rooms/${roomId}/bans/${grace.id}`, {}, as),
        () => maintainer.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 30 }, as),
        () => maintainer.api.put(`/api/rooms/${roomId}/topic`, { topic: 'Be kind' }, as),
        () => maintainer.api.post(`/api/messages/${reported.id}/reports/dismiss`, {}, as),
      ];
      for (const step of steps) {
        clock.advance(1000);
        expect([200, 204]).toContain((await step()).statusCode);
      }
      // Doing nothing (the same topic again) logs nothing.
      await maintainer.api.put(`/api/rooms/${roomId}/topic`, { topic: 'Be kind' }, as);

      const response = await log(roomId, maintainer);
      expect(response.statusCode).toBe(200);
      const { entries, next_cursor } = response.json<ModerationLogResponse>();
      expect(next_cursor).toBeNull();
      expect(entries.map((e) => [e.action, e.target?.id ?? null, e.detail])).toEqual([
        ['report.dismissed', grace.id, '1'],
        ['room.topic_changed', null, 'Be kind'],
        ['room.slow_mode_changed', null, '30'],
        ['member.unbanned', grace.id, ''],
        ['member.banned', grace.id, ''],
        ['member.unmuted', ada.id, ''],
        ['member.muted', ada.id, '1h'],
        ['message.unpinned', grace.id, ''],
        ['message.pinned', grace.id, ''],
        ['message.removed', ada.id, ''],
      ]);
      expect(entries.every((e) => e.actor.id === maintainer.id && e.actor.username === maintainer.username)).toBe(true);
      expect(entries[9]?.message_id).toBe(removed.id);
      expect(entries[0]?.created_at).toBe(new Date(clock.now()).toISOString());
      // The removed text is not kept in the log.
      expect(response.body).not.toContain('buy cheap stuff');

      const first = (await log(roomId, maintainer, '?limit=4')).json<ModerationLogResponse>();
      expect(first.entries.map((e) => e.action)).toEqual([
        'report.dismissed',
        'room.topic_changed',
        'room.slow_mode_changed',
        'member.unbanned',
      ]);
      const cursor = first.next_cursor ?? '';
      const second = (await log(roomId, maintainer, `?limit=4&before=${cursor}`)).json<ModerationLogResponse>();
      expect(second.entries.map((e) => e.action)).toEqual([
        'member.banned',
        'member.unmuted',
        'member.muted',
        'message.unpinned',
      ]);
      expect((await log(roomId, maintainer, '?before=nonsense')).statusCode).toBe(400);
    });

    it('is refused to members who do not moderate (403) and to visitors (401)', async () => {
      const { ada, roomId } = await moderatedRoom();
      const refused = await log(roomId, ada);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toBe('Only moderators of this room can do that');
      expect((await ada.api.get(`/api/rooms/${roomId}/moderation-log`)).statusCode).toBe(401);
    });

    it('a refused action writes no log entry', async () => {
      const { ada, grace, roomId } = await moderatedRoom();
      const before = await countRows('moderation_log');
      const refused = await ada.api.post(
        `/api/rooms/${roomId}/mutes`,
        { user_id: grace.id, duration: '10m' },
        { cookie: ada.cookie },
      );
      expect(refused.statusCode).toBe(403);
      expect(await countRows('moderation_log')).toBe(before);
    });
  });

  describe('moderation rate limit', () => {
    it('stops a moderator after 30 actions a minute with a clear 429, changing nothing', async () => {
      const { maintainer, roomId } = await moderatedRoom();
      const as = { cookie: maintainer.cookie };
      for (let i = 0; i < 30; i += 1) {
        const response = await maintainer.api.put(`/api/rooms/${roomId}/topic`, { topic: `Topic ${i}` }, as);
        expect(response.statusCode).toBe(200);
      }
      const logged = await countRows('moderation_log');
      const refused = await maintainer.api.put(`/api/rooms/${roomId}/topic`, { topic: 'One too many' }, as);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatch(/^Please wait \d+ seconds before another moderation action$/);
      const room = await maintainer.api.get(`/api/rooms/${roomId}`, as);
      expect(JSON.stringify(room.json())).toContain('Topic 29');
      expect(await countRows('moderation_log')).toBe(logged);
      // Every kind of action shares the budget.
      const slow = await maintainer.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 10 }, as);
      expect(slow.statusCode).toBe(429);
      clock.advance(60_000);
      expect((await maintainer.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds: 10 }, as)).statusCode).toBe(200);
    });
  });

  describe('reports', () => {
    it('reach the moderators grouped by message with reasons and counts, never naming the reporters', async () => {
      const { maintainer, ada, grace, roomId } = await moderatedRoom();
      const spam = messageOf(await grace.send(roomId, 'visit my shop'));
      const other = messageOf(await grace.send(roomId, 'a heated reply'));
      expect((await report(ada, spam.id, { reason: 'spam', note: 'same link\nin three rooms' })).statusCode).toBe(204);
      clock.advance(1000);
      expect((await report(maintainer, spam.id, { reason: 'abuse' })).statusCode).toBe(204);
      clock.advance(1000);
      expect((await report(ada, other.id, { reason: 'other' })).statusCode).toBe(204);

      const count = await maintainer.api.get(`/api/rooms/${roomId}/reports/count`, { cookie: maintainer.cookie });
      expect(count.json<ReportsCountResponse>()).toEqual({ open_count: 2 });
      const listed = await reportsOf(roomId, maintainer);
      expect(listed.open_count).toBe(2);
      expect(listed.reports.map((r) => [r.message.id, r.report_count])).toEqual([
        [other.id, 1],
        [spam.id, 2],
      ]);
      expect(listed.reports[1]?.reasons).toEqual(
        expect.arrayContaining([
          { reason: 'spam', count: 1 },
          { reason: 'abuse', count: 1 },
        ]),
      );
      expect(listed.reports[1]?.notes).toEqual(['same link in three rooms']);
      const body = JSON.stringify(listed);
      expect(body).not.toContain(ada.id);
      expect(body).not.toContain(maintainer.id);

      // Members (the author included) cannot read reports.
      for (const member of [ada, grace]) {
        expect((await member.api.get(`/api/rooms/${roomId}/reports`, { cookie: member.cookie })).statusCode).toBe(403);
        expect((await member.api.get(`/api/rooms/${roomId}/reports/count`, { cookie: member.cookie })).statusCode).toBe(
          403,
        );
      }
    });

    it('one report per member and message; not one’s own; members only; a shown message; a known reason', async () => {
      const { ada, grace, roomId } = await moderatedRoom();
      const stranger = await createMember(app);
      const message = messageOf(await grace.send(roomId, 'report me once'));
      expect((await report(ada, message.id, { reason: 'spam' })).statusCode).toBe(204);
      const rows = await countRows('message_reports');

      const again = await report(ada, message.id, { reason: 'abuse' });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toBe('You have already reported this message');
      const own = await report(grace, message.id, { reason: 'spam' });
      expect(own.statusCode).toBe(403);
      expect(errorOf(own)).toBe('You cannot report your own message');
      expect((await report(stranger, message.id, { reason: 'spam' })).statusCode).toBe(403);
      expect((await report(ada, message.id, { reason: 'boring' })).statusCode).toBe(400);
      expect((await report(ada, message.id, { reason: 'other', note: 'x'.repeat(301) })).statusCode).toBe(400);
      expect((await report(ada, crypto.randomUUID(), { reason: 'spam' })).statusCode).toBe(404);
      expect((await ada.api.post(`/api/messages/${message.id}/reports`, { reason: 'spam' })).statusCode).toBe(401);
      const deleted = messageOf(await grace.send(roomId, 'gone soon'));
      await grace.api.delete(`/api/messages/${deleted.id}`, {}, { cookie: grace.cookie });
      expect((await report(ada, deleted.id, { reason: 'spam' })).statusCode).toBe(404);
      expect(await countRows('message_reports')).toBe(rows);
    });

    it('drop out when the author deletes the message; a member who left cannot report', async () => {
      const { maintainer, ada, grace, roomId } = await moderatedRoom();
      const message = messageOf(await grace.send(roomId, 'I will take this back'));
      const other = messageOf(await grace.send(roomId, 'and this stays'));
      await report(ada, message.id, { reason: 'abuse' });
      expect((await reportsOf(roomId, maintainer)).open_count).toBe(1);
      await grace.api.delete(`/api/messages/${message.id}`, {}, { cookie: grace.cookie });
      expect(await reportsOf(roomId, maintainer)).toEqual({ reports: [], open_count: 0 });
      const count = await maintainer.api.get(`/api/rooms/${roomId}/reports/count`, { cookie: maintainer.cookie });
      expect(count.json<ReportsCountResponse>().open_count).toBe(0);
      // Closed in storage too, not only hidden.
      const stored = await app.database.db
        .selectFrom('message_reports')
        .select(['resolution', 'resolved_by'])
        .where('message_id', '=', message.id)
        .execute();
      expect(stored).toEqual([{ resolution: 'deleted by its author', resolved_by: grace.id }]);

      await ada.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: ada.cookie });
      const refused = await report(ada, other.id, { reason: 'spam' });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toBe('You are not a member of this room');
    });

    it('are rate-limited per member (429, nothing written)', async () => {
      const { ada, grace, roomId } = await moderatedRoom();
      for (let i = 0; i < 10; i += 1) {
        const message = messageOf(await grace.send(roomId, `message number ${i}`));
        clock.advance(7000);
        expect((await report(ada, message.id, { reason: 'spam' })).statusCode).toBe(204);
      }
      clock.advance(60_000);
      const last = messageOf(await grace.send(roomId, 'one more message'));
      const rows = await countRows('message_reports');
      const refused = await report(ada, last.id, { reason: 'spam' });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatch(/^Please wait \d+ seconds before reporting another message$/);
      expect(await countRows('message_reports')).toBe(rows);
      clock.advance(60 * 60_000);
      expect((await report(ada, last.id, { reason: 'spam' })).statusCode).toBe(204);
    });

    it("tells only the moderators' sockets the new count of open reports", async () => {
      const { maintainer, ada, grace, roomId } = await moderatedRoom();
      const message = messageOf(await grace.send(roomId, 'spam spam spam'));
      const moderatorTab = await connect(maintainer);
      const reporterTab = await connect(ada);
      const authorTab = await connect(grace);
      await new Promise((resolve) => setTimeout(resolve, 200));

      await report(ada, message.id, { reason: 'spam' });
      expect(await moderatorTab.waitFor('reports.changed')).toEqual({
        type: 'reports.changed',
        room_id: roomId,
        open_count: 1,
      });
      await maintainer.api.post(`/api/messages/${message.id}/reports/dismiss`, {}, { cookie: maintainer.cookie });
      await moderatorTab.waitFor('reports.changed', (frame) => frame.open_count === 0);
      // The reporter and the author hear nothing of it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const tab of [reporterTab, authorTab]) {
        expect(tab.frames.filter((frame) => frame.type === 'reports.changed')).toEqual([]);
      }
    });

    it('a moderator dismisses a report or removes the message, which resolves its reports', async () => {
      const { maintainer, ada, grace, roomId } = await moderatedRoom();
      const first = messageOf(await grace.send(roomId, 'harmless after all'));
      const second = messageOf(await grace.send(roomId, 'really abusive words'));
      await report(ada, first.id, { reason: 'off_topic' });
      await report(ada, second.id, { reason: 'abuse' });
      const as = { cookie: maintainer.cookie };

      const refused = await ada.api.post(`/api/messages/${first.id}/reports/dismiss`, {}, { cookie: ada.cookie });
      expect(refused.statusCode).toBe(403);
      expect((await reportsOf(roomId, maintainer)).open_count).toBe(2);

      expect((await maintainer.api.post(`/api/messages/${first.id}/reports/dismiss`, {}, as)).statusCode).toBe(204);
      const twice = await maintainer.api.post(`/api/messages/${first.id}/reports/dismiss`, {}, as);
      expect(twice.statusCode).toBe(404);
      expect(errorOf(twice)).toBe('This message has no open reports');
      expect((await maintainer.api.post(`/api/messages/${second.id}/remove`, {}, as)).statusCode).toBe(204);

      const after = await reportsOf(roomId, maintainer);
      expect(after).toEqual({ reports: [], open_count: 0 });
      const resolved = await app.ctx.database.db
        .selectFrom('message_reports')
        .select(['message_id', 'resolution', 'resolved_by'])
        .where('room_id', '=', roomId)
        .orderBy('created_at')
        .execute();
      expect(resolved).toEqual([
        { message_id: first.id, resolution: 'dismissed', resolved_by: maintainer.id },
        { message_id: second.id, resolution: 'removed', resolved_by: maintainer.id },
      ]);
      // A dismissed report stays one: the same member cannot report the message again.
      expect((await report(ada, first.id, { reason: 'spam' })).statusCode).toBe(409);
    });
  });

  describe('ignoring', () => {
    const ignored = async (as: TestMember) =>
      (await as.api.get('/api/me/ignored', { cookie: as.cookie })).json<IgnoredUsersResponse>().users;
    const unread = async (as: TestMember, roomId: string): Promise<RoomUnreadDto | undefined> =>
      (await as.api.get('/api/me/unread', { cookie: as.cookie }))
        .json<UnreadSummaryResponse>()
        .rooms.find((room) => room.room_id === roomId);

    it('lists, adds and removes ignored people, privately', async () => {
      const { ada, grace } = await moderatedRoom();
      expect((await ada.api.put(`/api/me/ignored/${grace.id}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
      // Twice is the same as once.
      expect((await ada.api.put(`/api/me/ignored/${grace.id}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
      expect((await ignored(ada)).map((entry) => entry.user)).toEqual([
        expect.objectContaining({ id: grace.id, username: grace.username }),
      ]);
      // Nobody else sees it, the ignored person included.
      expect(await ignored(grace)).toEqual([]);

      const self = await ada.api.put(`/api/me/ignored/${ada.id}`, {}, { cookie: ada.cookie });
      expect(self.statusCode).toBe(400);
      expect(errorOf(self)).toBe('You cannot ignore yourself');
      const unknown = await ada.api.put(`/api/me/ignored/${crypto.randomUUID()}`, {}, { cookie: ada.cookie });
      expect(unknown.statusCode).toBe(404);
      expect((await ada.api.put(`/api/me/ignored/not-an-id`, {}, { cookie: ada.cookie })).statusCode).toBe(404);
      expect((await ada.api.get('/api/me/ignored')).statusCode).toBe(401);
      expect(await countRows('user_ignores')).toBeGreaterThan(0);

      expect((await ada.api.delete(`/api/me/ignored/${grace.id}`, {}, { cookie: ada.cookie })).statusCode).toBe(204);
      expect(await ignored(ada)).toEqual([]);
    });

    it('the live activity of a message does not tell someone who ignores its author that it mentions them', async () => {
      const { ada, grace, maintainer, roomId } = await moderatedRoom();
      await ada.api.put(`/api/me/ignored/${grace.id}`, {}, { cookie: ada.cookie });
      const adaTab = await connect(ada);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const message = messageOf(await grace.send(roomId, `@${ada.username} and @${maintainer.username}, look`));
      const activity = await adaTab.waitFor('room.activity', (frame) => frame.message_id === message.id);
      expect(activity).toMatchObject({ author_id: grace.id, mentions_you: false });
      // Nor whom else it mentions: each reader hears only about themselves.
      expect(JSON.stringify(activity)).not.toContain(maintainer.id);
    });

    it('mentions by an ignored person do not count, including those from before the ignore', async () => {
      const { ada, grace, maintainer, roomId } = await moderatedRoom();
      clock.advance(1000);
      await grace.send(roomId, `hey @${ada.username} look at this`);
      clock.advance(1000);
      await maintainer.send(roomId, `@${ada.username} welcome`);
      expect((await unread(ada, roomId))?.mention_count).toBe(2);

      await ada.api.put(`/api/me/ignored/${grace.id}`, {}, { cookie: ada.cookie });
      expect((await unread(ada, roomId))?.mention_count).toBe(1);
      clock.advance(1000);
      await grace.send(roomId, `@${ada.username} again`);
      const after = await unread(ada, roomId);
      expect(after?.mention_count).toBe(1);
      // Their messages still count as messages.
      expect(after?.unread_count).toBe(3);

      await ada.api.delete(`/api/me/ignored/${grace.id}`, {}, { cookie: ada.cookie });
      expect((await unread(ada, roomId))?.mention_count).toBe(2);
    });
  });
});
