import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageResponse } from '../../shared/api/rooms';
import { EDIT_RATE, REACTION_RATE } from '../../shared/limits';
import { testClock } from '../testing/room-test-kit';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient } from '../testing/http';
import { requireRedis, TEST_REDIS_URL } from '../testing/redis';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every edit and every reaction toggle is a room event. Without a limit one member could write
 * hundreds of them in a burst, flooding everyone's screen and pushing the room's real history
 * out of the resume window. Both are limited per user, like sends, across server processes.
 */
describeEachDatabase('edit and reaction limits', (engine) => {
  const clock = testClock();
  const apps: TestApp[] = [];

  beforeAll(async () => {
    expect(await requireRedis()).toBe(true);
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.destroy()));
  });

  async function start(env: Record<string, string> = {}): Promise<TestApp> {
    const app = await createTestApp({ engine, now: clock.now, env });
    apps.push(app);
    return app;
  }

  /** A member of a fresh room with one message of their own; `userId` lets two apps share a user. */
  async function memberWithMessage(app: TestApp, userId: string = randomUUID()) {
    const db = app.ctx.database.db;
    const user = await buildUser(db, { id: userId });
    const cookie = await signIn(app, user.id);
    const room = await buildRoom(db, user.id);
    const api = apiClient(app.app);
    expect((await api.post(`/api/rooms/${room.id}/join`, {}, { cookie })).statusCode).toBe(200);
    const sent = await api.post(
      `/api/rooms/${room.id}/messages`,
      { client_id: randomUUID(), content: 'hi' },
      { cookie },
    );
    expect(sent.statusCode).toBe(201);
    const message = sent.json<MessageResponse>().message;
    const lastSeq = async () =>
      Number(
        (await db.selectFrom('chat_rooms').select('last_seq').where('id', '=', room.id).executeTakeFirst())?.last_seq,
      );
    return { api, cookie, roomId: room.id, message, lastSeq, userId: user.id };
  }

  it(`allows ${EDIT_RATE.limit} edits a minute per user, then 429 'Please wait {n} seconds before editing another message'`, async () => {
    const app = await start();
    const { api, cookie, message, lastSeq } = await memberWithMessage(app);
    const edit = (content: string) => api.patch(`/api/messages/${message.id}`, { content }, { cookie });
    for (let i = 0; i < EDIT_RATE.limit; i += 1) expect((await edit(`version ${i}`)).statusCode).toBe(200);
    const seqBefore = await lastSeq();
    clock.advance(15_000);

    const refused = await edit('one edit too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: 'Please wait 45 seconds before editing another message',
      retryAfterSeconds: 45,
    });
    // Refused means nothing written: same text, no event.
    const row = await app.ctx.database.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', message.id)
      .executeTakeFirst();
    expect(row?.content).toBe(`version ${EDIT_RATE.limit - 1}`);
    expect(await lastSeq()).toBe(seqBefore);
    // A blank or unchanged edit is ignored (docs/PRODUCT.md §5), so it is not refused either.
    expect((await edit('   ')).statusCode).toBe(200);

    clock.advance(45_000);
    expect((await edit('after the wait')).statusCode).toBe(200);
  });

  it(`allows ${REACTION_RATE.limit} reaction toggles a minute per user; a burst of 400 writes no more events`, async () => {
    const app = await start();
    const { api, cookie, message, lastSeq } = await memberWithMessage(app);
    const seqBefore = await lastSeq();
    const answers = [];
    for (let i = 0; i < 400; i += 1) {
      answers.push(await api.post(`/api/messages/${message.id}/reactions`, { emoji: '👍' }, { cookie }));
    }
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(REACTION_RATE.limit);
    const refused = answers.slice(REACTION_RATE.limit);
    expect(refused.every((a) => a.statusCode === 429)).toBe(true);
    expect(refused[0]!.json().error).toEqual({
      code: 'rate_limited',
      message: 'Please wait 60 seconds before reacting again',
      retryAfterSeconds: 60,
    });
    expect(refused[0]!.headers['retry-after']).toBe('60');
    expect((await lastSeq()) - seqBefore).toBe(REACTION_RATE.limit);

    clock.advance(REACTION_RATE.windowMs);
    expect((await api.post(`/api/messages/${message.id}/reactions`, { emoji: '🎉' }, { cookie })).statusCode).toBe(200);
  });

  it('counts one user across server processes that share Redis', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL };
    const [a, b] = [await start(env), await start(env)];
    const userId = randomUUID();
    const onA = await memberWithMessage(a!, userId);
    const onB = await memberWithMessage(b!, userId);
    const half = EDIT_RATE.limit / 2;
    for (let i = 0; i < EDIT_RATE.limit; i += 1) {
      const at = i < half ? onA : onB;
      const response = await at.api.patch(
        `/api/messages/${at.message.id}`,
        { content: `edit ${i}` },
        { cookie: at.cookie },
      );
      expect(response.statusCode).toBe(200);
    }
    const refused = await onA.api.patch(
      `/api/messages/${onA.message.id}`,
      { content: 'no more' },
      { cookie: onA.cookie },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Please wait \d+ seconds before editing another message$/);

    for (let i = 0; i < REACTION_RATE.limit; i += 1) {
      const at = i % 2 === 0 ? onA : onB;
      const response = await at.api.post(
        `/api/messages/${at.message.id}/reactions`,
        { emoji: '👀' },
        { cookie: at.cookie },
      );
      expect(response.statusCode).toBe(200);
    }
    const tooMany = await onB.api.post(
      `/api/messages/${onB.message.id}/reactions`,
      { emoji: '👀' },
      { cookie: onB.cookie },
    );
    expect(tooMany.statusCode).toBe(429);
  });
});
