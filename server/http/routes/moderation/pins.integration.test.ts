import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PinsResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  createMember,
  makeModerator,
  messageOf,
  testClock,
  type TestMember,
  roomWith,
} from '../../../testing/room-test-kit';
import { lastReplayedEvent } from '../../../testing/room-log';

describeEachDatabase('moderators pin messages', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const lastEvent = (roomId: string) => lastReplayedEvent(app.ctx.database.db, roomId);
  const pins = async (roomId: string, as: TestMember) =>
    (await as.api.get(`/api/rooms/${roomId}/pins`, { cookie: as.cookie })).json<PinsResponse>().pins;

  it('a moderator pins and unpins; everyone reads the list; a deleted message drops out', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    const first = messageOf(await member.send(roomId, 'Read the contributing guide first'));
    clock.advance(1000);
    const second = messageOf(await member.send(roomId, 'Meeting notes are in the wiki'));

    for (const message of [first, second]) {
      clock.advance(1000);
      const response = await maintainer.api.post(`/api/messages/${message.id}/pin`, {}, { cookie: maintainer.cookie });
      expect(response.statusCode).toBe(204);
    }
    expect(await lastEvent(roomId)).toMatchObject({ type: 'message.pinned', message_id: second.id });
    expect((await pins(roomId, member)).map((p) => p.message.content)).toEqual([
      'Meeting notes are in the wiki',
      'Read the contributing guide first',
    ]);

    const unpin = await maintainer.api.delete(`/api/messages/${second.id}/pin`, {}, { cookie: maintainer.cookie });
    expect(unpin.statusCode).toBe(204);
    expect(await lastEvent(roomId)).toEqual({ type: 'message.unpinned', message_id: second.id });
    expect((await pins(roomId, member)).map((p) => p.message.id)).toEqual([first.id]);

    await member.api.delete(`/api/messages/${first.id}`, {}, { cookie: member.cookie });
    expect(await pins(roomId, member)).toEqual([]);
  });

  it('refuses members who do not moderate (403, nothing pinned) and stops at 50 pins (409)', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    const message = messageOf(await member.send(roomId, 'pin me'));
    expect((await member.api.post(`/api/messages/${message.id}/pin`, {}, { cookie: member.cookie })).statusCode).toBe(
      403,
    );
    expect(await pins(roomId, member)).toEqual([]);

    // 50 pinned messages, written directly: the limit is what is tested.
    const db = app.ctx.database.db;
    const at = new Date(clock.now()).toISOString();
    for (let i = 0; i < 50; i += 1) {
      const id = crypto.randomUUID();
      await db
        .insertInto('messages')
        .values({
          id,
          room_id: roomId,
          user_id: member.id,
          client_id: id,
          content: `m${i}`,
          created_at: at,
          edited_at: null,
          deleted_at: null,
        })
        .execute();
      await db
        .insertInto('pinned_messages')
        .values({ message_id: id, room_id: roomId, pinned_by: maintainer.id, pinned_at: at })
        .execute();
    }
    const refused = await maintainer.api.post(`/api/messages/${message.id}/pin`, {}, { cookie: maintainer.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'A room can have at most 50 pinned messages',
    );
    expect((await pins(roomId, member)).length).toBe(50);
  });
});
