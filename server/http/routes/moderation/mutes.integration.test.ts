import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MembersResponse, MuteResponse } from '../../../../shared/api/rooms';
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
import { replayedLog } from '../../../testing/room-log';

describeEachDatabase('moderators mute members', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const log = (roomId: string) => replayedLog(app.ctx.database.db, roomId);
  const mute = (by: TestMember, roomId: string, userId: string, duration: string) =>
    by.api.post(`/api/rooms/${roomId}/mutes`, { user_id: userId, duration }, { cookie: by.cookie });

  it('a muted member cannot post, react or edit until the mute ends; everyone sees it in the member list', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const bystander = await createMember(app);
    const roomId = await roomWith(maintainer, member, bystander);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    const own = messageOf(await member.send(roomId, 'before the mute'));
    const other = messageOf(await bystander.send(roomId, 'hello'));

    const response = await mute(maintainer, roomId, member.id, '10m');
    expect(response.statusCode, response.body).toBe(200);
    const { muted_until } = response.json<MuteResponse>();
    expect(muted_until).toBe(new Date(clock.now() + 10 * 60_000).toISOString());
    const last = (await log(roomId)).at(-1);
    expect(last?.event).toEqual({ type: 'member.muted', user_id: member.id, muted_until });

    const members = (
      await bystander.api.get(`/api/rooms/${roomId}/members`, { cookie: bystander.cookie })
    ).json<MembersResponse>();
    expect(members.members.find((m) => m.user.id === member.id)?.muted_until).toBe(muted_until);

    const before = await log(roomId);
    const refusals = [
      await member.send(roomId, 'let me talk'),
      await member.api.post(`/api/messages/${other.id}/reactions`, { emoji: '👍' }, { cookie: member.cookie }),
      await member.api.patch(`/api/messages/${own.id}`, { content: 'rewritten' }, { cookie: member.cookie }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe('You are muted in this room');
    }
    expect(await log(roomId)).toEqual(before);
    // Leaving and coming back does not lift it.
    await member.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: member.cookie });
    await member.api.post(`/api/rooms/${roomId}/join`, {}, { cookie: member.cookie });
    expect((await member.send(roomId, 'back again')).statusCode).toBe(403);

    clock.advance(10 * 60_000 + 1000);
    expect((await member.send(roomId, 'free again')).statusCode).toBe(201);
  });

  it('a moderator lifts a mute early; the lifting is a room event', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    expect((await mute(maintainer, roomId, member.id, '24h')).statusCode).toBe(200);
    const lifted = await maintainer.api.delete(
      `/api/rooms/${roomId}/mutes/${member.id}`,
      {},
      { cookie: maintainer.cookie },
    );
    expect(lifted.statusCode).toBe(204);
    expect((await log(roomId)).at(-1)?.event).toEqual({ type: 'member.muted', user_id: member.id, muted_until: null });
    expect((await member.send(roomId, 'thanks')).statusCode).toBe(201);
  });

  it('refuses members who do not moderate, moderators as targets, strangers and bad durations, changing nothing', async () => {
    const maintainer = await createMember(app);
    const other = await createMember(app);
    const member = await createMember(app);
    const stranger = await createMember(app);
    const roomId = await roomWith(maintainer, other, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    await makeModerator(app, roomId, other.id, clock.now());
    const before = await log(roomId);

    expect((await mute(member, roomId, maintainer.id, '1h')).statusCode).toBe(403);
    expect((await mute(member, roomId, other.id, '1h')).statusCode).toBe(403);
    expect((await mute(maintainer, roomId, other.id, '1h')).statusCode).toBe(403);
    expect((await mute(maintainer, roomId, stranger.id, '1h')).statusCode).toBe(404);
    expect((await mute(maintainer, roomId, member.id, '2h')).statusCode).toBe(400);
    const unmute = await member.api.delete(`/api/rooms/${roomId}/mutes/${member.id}`, {}, { cookie: member.cookie });
    expect(unmute.statusCode).toBe(403);
    expect(await log(roomId)).toEqual(before);
  });
});
