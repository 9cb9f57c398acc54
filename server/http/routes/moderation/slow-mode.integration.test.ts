import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoomDetailsResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, makeModerator, testClock, type TestMember, roomWith } from '../../../testing/room-test-kit';
import { lastReplayedEvent } from '../../../testing/room-log';

describeEachDatabase('slow mode', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const setSlowMode = (by: TestMember, roomId: string, seconds: number) =>
    by.api.put(`/api/rooms/${roomId}/slow-mode`, { seconds }, { cookie: by.cookie });

  it('spaces one member’s messages; moderators are exempt; off lifts it', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());

    const response = await setSlowMode(maintainer, roomId, 30);
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastReplayedEvent(app.ctx.database.db, roomId)).toEqual({
      type: 'room.slow_mode_changed',
      slow_mode_seconds: 30,
    });
    const details = (
      await member.api.get(`/api/rooms/${roomId}`, { cookie: member.cookie })
    ).json<RoomDetailsResponse>();
    expect(details.room.slow_mode_seconds).toBe(30);

    expect((await member.send(roomId, 'first')).statusCode).toBe(201);
    clock.advance(10_000);
    const refused = await member.send(roomId, 'second');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Slow mode is on: please wait 20 seconds before sending another message',
    );
    expect(refused.headers['retry-after']).toBe('20');

    // Moderators are exempt.
    expect((await maintainer.send(roomId, 'one')).statusCode).toBe(201);
    expect((await maintainer.send(roomId, 'two')).statusCode).toBe(201);

    clock.advance(20_000);
    expect((await member.send(roomId, 'second, later')).statusCode).toBe(201);

    expect((await setSlowMode(maintainer, roomId, 0)).statusCode).toBe(200);
    expect((await member.send(roomId, 'no wait now')).statusCode).toBe(201);
  });

  it('refuses members who do not moderate and values outside the choices, changing nothing', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    expect((await setSlowMode(member, roomId, 30)).statusCode).toBe(403);
    expect((await setSlowMode(maintainer, roomId, 45)).statusCode).toBe(400);
    const room = await app.ctx.database.db
      .selectFrom('chat_rooms')
      .select('slow_mode_seconds')
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    expect(Number(room.slow_mode_seconds)).toBe(0);
  });
});
