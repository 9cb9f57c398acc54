import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoomDetailsResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, makeModerator, type TestMember, roomWith } from '../../../testing/room-test-kit';
import { lastReplayedEvent } from '../../../testing/room-log';

describeEachDatabase('room topic', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const setTopic = (by: TestMember, roomId: string, topic: string) =>
    by.api.put(`/api/rooms/${roomId}/topic`, { topic }, { cookie: by.cookie });
  const topicOf = async (roomId: string, as: TestMember) =>
    (await as.api.get(`/api/rooms/${roomId}`, { cookie: as.cookie })).json<RoomDetailsResponse>().room.topic;

  it('moderators set one line under the header; members read it; a room event tells everyone', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id);
    expect(await topicOf(roomId, member)).toBe('');

    const response = await setTopic(maintainer, roomId, '  Releases every Friday\nbring\tquestions  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ topic: 'Releases every Friday bring questions' });
    expect(await topicOf(roomId, member)).toBe('Releases every Friday bring questions');
    expect(await lastReplayedEvent(app.ctx.database.db, roomId)).toEqual({
      type: 'room.topic_changed',
      topic: 'Releases every Friday bring questions',
    });

    expect((await setTopic(maintainer, roomId, '')).statusCode).toBe(200);
    expect(await topicOf(roomId, member)).toBe('');
  });

  it('refuses members who do not moderate and topics over 200 characters, changing nothing', async () => {
    const maintainer = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, member);
    await makeModerator(app, roomId, maintainer.id);
    expect((await setTopic(member, roomId, 'mine now')).statusCode).toBe(403);
    expect((await setTopic(maintainer, roomId, 'x'.repeat(201))).statusCode).toBe(400);
    expect(await topicOf(roomId, member)).toBe('');
  });
});
