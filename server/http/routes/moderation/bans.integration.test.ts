import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BansResponse, MembersResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { MAINTAINER_PROTECTED } from '../../../services/moderation/moderation.service';
import { createMember, makeModerator, testClock, type TestMember, roomWith } from '../../../testing/room-test-kit';
import { replayedLog } from '../../../testing/room-log';

describeEachDatabase('moderators ban people from a room', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const log = (roomId: string) => replayedLog(app.ctx.database.db, roomId);
  const ban = (by: TestMember, roomId: string, userId: string) =>
    by.api.post(`/api/rooms/${roomId}/bans`, { user_id: userId }, { cookie: by.cookie });
  const memberIds = async (roomId: string, as: TestMember) =>
    (await as.api.get(`/api/rooms/${roomId}/members`, { cookie: as.cookie }))
      .json<MembersResponse>()
      .members.map((m) => m.user.id);

  it('a banned member is removed, cannot write or rejoin, and is listed until unbanned', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const bystander = await createMember(app);
    const roomId = await roomWith(maintainer, member, bystander);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    const seq = (await log(roomId)).at(-1)?.seq ?? 0;

    expect((await ban(maintainer, roomId, member.id)).statusCode).toBe(204);
    expect((await log(roomId)).slice(-2)).toEqual([
      { seq: seq + 1, event: { type: 'member.banned', user_id: member.id } },
      { seq: seq + 2, event: { type: 'member.left', user_id: member.id } },
    ]);
    expect(await memberIds(roomId, bystander)).not.toContain(member.id);

    expect((await member.send(roomId, 'still here?')).statusCode).toBe(403);
    for (const rejoin of [
      await member.api.post(`/api/rooms/${roomId}/join`, {}, { cookie: member.cookie }),
      await member.api.post(
        '/api/rooms/join',
        {
          repoFullName: (
            await app.ctx.database.db
              .selectFrom('chat_rooms')
              .select('repo_full_name')
              .where('id', '=', roomId)
              .executeTakeFirstOrThrow()
          ).repo_full_name,
        },
        { cookie: member.cookie },
      ),
    ]) {
      expect(rejoin.statusCode).toBe(403);
      expect(rejoin.json<{ error: { message: string } }>().error.message).toBe('You are banned from this room');
    }

    const list = (
      await maintainer.api.get(`/api/rooms/${roomId}/bans`, { cookie: maintainer.cookie })
    ).json<BansResponse>();
    expect(list.bans.map((b) => b.user.id)).toEqual([member.id]);

    const unban = await maintainer.api.delete(
      `/api/rooms/${roomId}/bans/${member.id}`,
      {},
      { cookie: maintainer.cookie },
    );
    expect(unban.statusCode).toBe(204);
    expect((await log(roomId)).at(-1)?.event).toEqual({ type: 'member.unbanned', user_id: member.id });
    expect(
      (await maintainer.api.get(`/api/rooms/${roomId}/bans`, { cookie: maintainer.cookie })).json<BansResponse>().bans,
    ).toEqual([]);
    expect((await member.api.post(`/api/rooms/${roomId}/join`, {}, { cookie: member.cookie })).statusCode).toBe(200);
  });

  it('someone who already left can be banned; banning twice logs once', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    await member.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: member.cookie });
    const before = (await log(roomId)).length;
    expect((await ban(maintainer, roomId, member.id)).statusCode).toBe(204);
    expect((await ban(maintainer, roomId, member.id)).statusCode).toBe(204);
    const after = await log(roomId);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.event).toEqual({ type: 'member.banned', user_id: member.id });
  });

  it('refuses non-moderators, moderators as targets and people never in the room, changing nothing', async () => {
    const maintainer = await createMember(app);
    const other = await createMember(app);
    const member = await createMember(app);
    const stranger = await createMember(app);
    const roomId = await roomWith(maintainer, other, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    await makeModerator(app, roomId, other.id, clock.now());
    const before = await log(roomId);

    expect((await ban(member, roomId, other.id)).statusCode).toBe(403);
    expect((await ban(member, roomId, maintainer.id)).statusCode).toBe(403);
    expect((await ban(maintainer, roomId, other.id)).statusCode).toBe(403);
    expect((await ban(maintainer, roomId, maintainer.id)).statusCode).toBe(403);
    expect((await ban(maintainer, roomId, stranger.id)).statusCode).toBe(404);
    expect((await member.api.get(`/api/rooms/${roomId}/bans`, { cookie: member.cookie })).statusCode).toBe(403);
    expect(await log(roomId)).toEqual(before);
    expect(await memberIds(roomId, member)).toContain(member.id);
  });

  it('a moderator who left stays out of reach while GitHub cannot be asked about them', async () => {
    const maintainer = await createMember(app);
    const other = await createMember(app);
    const roomId = await roomWith(maintainer, other);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    await makeModerator(app, roomId, other.id, clock.now());
    // No GitHub token is held for these test accounts: the room's last reading of the role stands.
    await other.api.post(`/api/rooms/${roomId}/leave`, {}, { cookie: other.cookie });
    const before = await log(roomId);
    const refused = await ban(maintainer, roomId, other.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(MAINTAINER_PROTECTED);
    expect(await log(roomId)).toEqual(before);
  });
});
