import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessagesPageResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, makeModerator, messageOf, testClock, roomWith } from '../../../testing/room-test-kit';
import { replayedLog } from '../../../testing/room-log';

describeEachDatabase('moderators remove messages', (engine) => {
  let app: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const db = () => app.ctx.database.db;
  const log = (roomId: string) =>
    db()
      .selectFrom('room_events')
      .select(['seq', 'type', 'payload'])
      .where('room_id', '=', roomId)
      .orderBy('seq')
      .execute();

  it('a moderator removes anyone’s message: gone from the row, mentions, reactions, history and the log', async () => {
    const maintainer = await createMember(app);
    const author = await createMember(app);
    const bystander = await createMember(app);
    const roomId = await roomWith(maintainer, author, bystander);
    await makeModerator(app, roomId, maintainer.id, clock.now());

    const secret = `spam spam @${bystander.username} buy now`;
    const message = messageOf(await author.send(roomId, secret));
    await bystander.api.post(`/api/messages/${message.id}/reactions`, { emoji: '👍' }, { cookie: bystander.cookie });
    await author.api.patch(`/api/messages/${message.id}`, { content: `${secret} (edited)` }, { cookie: author.cookie });
    const seqBefore = (await log(roomId)).at(-1)?.seq;

    const response = await maintainer.api.post(`/api/messages/${message.id}/remove`, {}, { cookie: maintainer.cookie });
    expect(response.statusCode, response.body).toBe(204);

    const row = await db().selectFrom('messages').selectAll().where('id', '=', message.id).executeTakeFirstOrThrow();
    expect(row.content).toBe('');
    expect(row.deleted_at).not.toBeNull();
    expect(row.removed_by).toBe(maintainer.id);
    expect(
      await db().selectFrom('message_reactions').where('message_id', '=', message.id).selectAll().execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('message_mentions').where('message_id', '=', message.id).selectAll().execute(),
    ).toEqual([]);

    const events = await log(roomId);
    // The removal is the room's next event; nothing in the log still carries the words.
    expect(Number(events.at(-1)?.seq)).toBe(Number(seqBefore) + 1);
    const replayed = await replayedLog(db(), roomId);
    expect(replayed.at(-1)?.event).toEqual({ type: 'message.deleted', message_id: message.id, by_moderator: true });
    expect(events.map((e) => e.payload).join('\n')).not.toContain('spam');
    expect(JSON.stringify(replayed)).not.toContain('spam');

    const page = (
      await bystander.api.get(`/api/rooms/${roomId}/messages`, { cookie: bystander.cookie })
    ).json<MessagesPageResponse>();
    const shown = page.messages.find((m) => m.id === message.id);
    expect(shown).toMatchObject({ deleted: true, removed_by_moderator: true, content: '', reactions: [] });

    // It is gone: removing it again finds nothing, and changes nothing.
    const again = await maintainer.api.post(`/api/messages/${message.id}/remove`, {}, { cookie: maintainer.cookie });
    expect(again.statusCode).toBe(404);
    expect((await log(roomId)).length).toBe(events.length);
  });

  it('refuses members who do not moderate (403, nothing changed), and unknown messages (404)', async () => {
    const maintainer = await createMember(app);
    const author = await createMember(app);
    const member = await createMember(app);
    const roomId = await roomWith(maintainer, author, member);
    await makeModerator(app, roomId, maintainer.id, clock.now());
    const message = messageOf(await author.send(roomId, 'keep me'));
    const before = await log(roomId);

    for (const caller of [member, author]) {
      const refused = await caller.api.post(`/api/messages/${message.id}/remove`, {}, { cookie: caller.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        'Only moderators of this room can do that',
      );
    }
    // A moderator of another room is not a moderator here.
    const elsewhere = await roomWith(member);
    await makeModerator(app, elsewhere, member.id, clock.now());
    const refused = await member.api.post(`/api/messages/${message.id}/remove`, {}, { cookie: member.cookie });
    expect(refused.statusCode).toBe(403);

    expect(await log(roomId)).toEqual(before);
    const row = await db().selectFrom('messages').selectAll().where('id', '=', message.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content: 'keep me', deleted_at: null, removed_by: null });

    const missing = await maintainer.api.post(
      '/api/messages/00000000-0000-4000-8000-000000000000/remove',
      {},
      { cookie: maintainer.cookie },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('an author’s own deletion stays a plain deletion', async () => {
    const author = await createMember(app);
    const roomId = await roomWith(author);
    const message = messageOf(await author.send(roomId, 'mine'));
    expect((await author.api.delete(`/api/messages/${message.id}`, {}, { cookie: author.cookie })).statusCode).toBe(
      204,
    );
    const page = (
      await author.api.get(`/api/rooms/${roomId}/messages`, { cookie: author.cookie })
    ).json<MessagesPageResponse>();
    expect(page.messages.find((m) => m.id === message.id)).not.toHaveProperty('removed_by_moderator');
  });
});
