import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { requireRedis, TEST_REDIS_URL } from '../../testing/redis';
import { createMember, roomWith, type TestMember } from '../../testing/room-test-kit';
import { startSmtp } from '../../testing/smtp-test-server';
import { createTestApp, startSecondProcess, type TestApp } from '../../testing/test-app';
import { openTestSocket, type TestSocket } from '../../testing/ws-test-client';

const ORIGIN = 'http://localhost:3000';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
};

/**
 * "While I have no open tab" is about the person, not the room: a socket open on any room (on any
 * process, when Redis shares presence) holds back the e-mail for a mention elsewhere.
 */
function presenceScenario(setup: () => { app: TestApp; wsUrl: string; smtp: Awaited<ReturnType<typeof startSmtp>> }) {
  return async () => {
    const { app, wsUrl, smtp } = setup();
    const author = await createMember(app);
    const reader = await createMember(app);
    const address = `tab-${reader.id.slice(0, 8)}@example.test`;
    await app.ctx.database.db.updateTable('profiles').set({ email: address }).where('id', '=', reader.id).execute();
    const roomX = await roomWith(author, reader);
    const roomY = await roomWith(author, reader);
    const mails = () => smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes(address));

    const socket = await subscribed(wsUrl, reader, roomX);
    expect((await author.send(roomY, `@${reader.username} a question in the other room`)).statusCode).toBe(201);
    await sleep(3500);
    expect(mails()).toHaveLength(0);
    const waiting = await app.ctx.database.db
      .selectFrom('mail_jobs')
      .select(['status', 'room_id'])
      .where('user_id', '=', reader.id)
      .execute();
    expect(waiting).toEqual([{ status: 'queued', room_id: roomY }]);

    // The last tab closes: the mention, still unread, is e-mailed.
    socket.close();
    await socket.closed;
    await waitFor(() => mails().length > 0);
    expect(mails()[0]!.text).toContain('a question in the other room');
  };
}

async function subscribed(wsUrl: string, member: TestMember, roomId: string): Promise<TestSocket> {
  const socket = await openTestSocket(wsUrl, { cookie: member.cookie, origin: ORIGIN });
  await socket.waitFor('hello');
  socket.send({ type: 'room.subscribe', room_id: roomId, after_seq: 0 });
  await socket.waitFor('room.subscribed', (f) => f.room_id === roomId);
  return socket;
}

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
}

describeEachDatabase('e-mail waits while the person has any tab open', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp({ engine, github: 'emulator', env: { SMTP_URL: smtp.url, MAIL_DELAY_SECONDS: '1' } });
    wsUrl = await listen(app);
  });
  afterAll(async () => {
    await app?.destroy();
    await smtp?.close();
  });

  it(
    'a socket on room X holds back the e-mail for a mention in room Y; none makes it go',
    presenceScenario(() => ({ app, wsUrl, smtp })),
  );
});

describe('e-mail waits while the person has a tab open on another process (Redis)', async () => {
  if (!(await requireRedis())) {
    it.skip('needs Redis', () => undefined);
    return;
  }
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: TestApp;
  let second: Awaited<ReturnType<typeof startSecondProcess>>;
  let wsUrl: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp({
      github: 'emulator',
      env: { SMTP_URL: smtp.url, MAIL_DELAY_SECONDS: '1', REDIS_URL: TEST_REDIS_URL },
    });
    wsUrl = await listen(app);
    // Only the second process sends e-mail: it must learn of the socket on the first from Redis.
    await app.services.mail.stop();
    second = await startSecondProcess(app);
  });
  afterAll(async () => {
    await second?.close();
    await app?.destroy();
    await smtp?.close();
  });

  it(
    'a socket on the first process holds back the e-mail the second would send',
    presenceScenario(() => ({ app, wsUrl, smtp })),
  );
});
