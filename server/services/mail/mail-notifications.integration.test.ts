import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { MailSettingsDto } from '../../../shared/api/mail';
import { describeEachDatabase } from '../../testing/databases';
import { createTestApp, startSecondProcess, type TestApp } from '../../testing/test-app';
import { createMember, roomWith, type TestMember } from '../../testing/room-test-kit';
import { startSmtp } from '../../testing/smtp-test-server';

const waitFor = async (check: () => boolean, ms = 8000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('e-mail for what people missed', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: TestApp;
  const extra: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp({
      engine,
      github: 'emulator',
      env: { SMTP_URL: smtp.url, MAIL_DELAY_SECONDS: '1', MAIL_FROM: 'RepoRooms <rooms@localhost>' },
    });
  });
  afterEach(async () => {
    while (extra.length > 0) await extra.pop()?.close();
  });
  afterAll(async () => {
    await app?.destroy();
    await smtp?.close();
  });

  async function withAddress(member: TestMember, address: string) {
    await app.ctx.database.db.updateTable('profiles').set({ email: address }).where('id', '=', member.id).execute();
  }
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(address));

  it('an unread mention makes exactly one e-mail across two processes, with one-click unsubscribe', async () => {
    extra.push(await startSecondProcess(app));
    const author = await createMember(app);
    const reader = await createMember(app);
    const address = `reader-${reader.id.slice(0, 8)}@example.test`;
    await withAddress(reader, address);
    const roomId = await roomWith(author, reader);
    // Sent together, so both are inside the one-second wait however busy the machine is.
    const sends = await Promise.all([
      author.send(roomId, `@${reader.username} can you review the release notes?`),
      author.send(roomId, `@${reader.username} and the changelog too`),
    ]);
    expect(sends.map((send) => send.statusCode)).toEqual([201, 201]);

    await waitFor(() => mailsTo(address).length > 0);
    await sleep(2500);
    const mails = mailsTo(address);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^2 new messages for you in /);
    expect(mail.text).toContain('can you review the release notes?');
    expect(mail.text).toContain(`http://localhost:3000/chat/${roomId}?message=`);
    expect(mail.html).toContain('and the changelog too');
    expect(mail.html).not.toMatch(/<link|<img|<script|src=/i);
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    const unsubscribe = String(header('list-unsubscribe'));
    expect(unsubscribe).toMatch(/^<http:\/\/localhost:3000\/mail\/unsubscribe\?token=[\w-]+>$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // The one-click POST of RFC 8058, without a session or an Origin.
    const url = new URL(unsubscribe.slice(1, -1));
    const answer = await app.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('You will get no more e-mail from RepoRooms');
    const settings = (await reader.api.get('/api/me/mail', { cookie: reader.cookie })).json<MailSettingsDto>();
    expect(settings).toMatchObject({ mentions_and_replies: false, address, address_source: 'github' });
    expect((await app.app.inject({ method: 'GET', url: '/mail/unsubscribe?token=nope' })).statusCode).toBe(404);

    // Turned off: the next mention makes no e-mail.
    expect((await author.send(roomId, `@${reader.username} still there?`)).statusCode).toBe(201);
    await sleep(3000);
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('a mention read in time makes no e-mail', async () => {
    const author = await createMember(app);
    const reader = await createMember(app);
    const address = `read-${reader.id.slice(0, 8)}@example.test`;
    await withAddress(reader, address);
    const roomId = await roomWith(author, reader);
    const sent = await author.send(roomId, `@${reader.username} quick question`);
    const messageId = sent.json<{ message: { id: string } }>().message.id;
    expect(
      (await reader.api.put(`/api/rooms/${roomId}/read`, { message_id: messageId }, { cookie: reader.cookie }))
        .statusCode,
    ).toBe(200);
    await sleep(3000);
    expect(mailsTo(address)).toHaveLength(0);
  });

  it('a job queued when its process stops is sent once by the next; a failed send is retried later', async () => {
    await app.services.mail.stop();
    const author = await createMember(app);
    const reader = await createMember(app);
    const address = `restart-${reader.id.slice(0, 8)}@example.test`;
    await withAddress(reader, address);
    const roomId = await roomWith(author, reader);
    expect((await author.send(roomId, `@${reader.username} after the restart`)).statusCode).toBe(201);
    await sleep(1500);
    const queued = await app.ctx.database.db
      .selectFrom('mail_jobs')
      .select(['status'])
      .where('user_id', '=', reader.id)
      .execute();
    expect(queued).toEqual([{ status: 'queued' }]);
    expect(mailsTo(address)).toHaveLength(0);

    // The next process takes it; twice is never.
    const next = await startSecondProcess(app);
    extra.push(next);
    await waitFor(() => mailsTo(address).length > 0);
    await sleep(2500);
    expect(mailsTo(address)).toHaveLength(1);
    const done = await app.ctx.database.db
      .selectFrom('mail_jobs')
      .select(['status', 'attempts'])
      .where('user_id', '=', reader.id)
      .execute();
    expect(done).toEqual([{ status: 'sent', attempts: 1 }]);

    // The SMTP server refuses once: the job goes back to the queue with a backoff.
    const other = await createMember(app);
    const otherAddress = `retry-${other.id.slice(0, 8)}@example.test`;
    await withAddress(other, otherAddress);
    await other.join(
      (
        await app.ctx.database.db
          .selectFrom('chat_rooms')
          .select('repo_full_name')
          .where('id', '=', roomId)
          .executeTakeFirstOrThrow()
      ).repo_full_name,
    );
    smtp.failOnce();
    const before = Date.now();
    expect((await author.send(roomId, `@${other.username} this one fails first`)).statusCode).toBe(201);
    let retry: { status: string; attempts: number; last_error: string | null; run_at: string } | undefined;
    for (let i = 0; i < 60 && !(retry && retry.last_error); i += 1) {
      retry = await app.ctx.database.db
        .selectFrom('mail_jobs')
        .select(['status', 'attempts', 'last_error', 'run_at'])
        .where('user_id', '=', other.id)
        .executeTakeFirst();
      await sleep(150);
    }
    expect(retry).toMatchObject({ status: 'queued', attempts: 1 });
    expect(retry?.last_error).toContain('451');
    expect(Date.parse(retry!.run_at)).toBeGreaterThanOrEqual(before + 25_000);
    expect(mailsTo(otherAddress)).toHaveLength(0);
  });

  it('the daily digest of a chosen room lists the day’s threads and their answers', async () => {
    // The first process's queue was stopped above: a process of its own runs it.
    extra.push(await startSecondProcess(app));
    const asker = await createMember(app);
    const reader = await createMember(app);
    const address = `digest-${reader.id.slice(0, 8)}@example.test`;
    await withAddress(reader, address);
    const roomId = await roomWith(asker, reader);
    const root = (await asker.send(roomId, 'How do I configure the cache?')).json<{ message: { id: string } }>()
      .message;
    const reply = await asker.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `digest-reply-${root.id}`, content: 'Set CACHE_DIR, it works now', thread_root_id: root.id },
      { cookie: asker.cookie },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const chosen = await reader.api.put(
      '/api/me/mail',
      { mentions_and_replies: true, digest_room_ids: [roomId] },
      { cookie: reader.cookie },
    );
    expect(chosen.json<MailSettingsDto>().digest_room_ids).toEqual([roomId]);
    expect(
      (
        await reader.api.put(
          '/api/me/mail',
          { mentions_and_replies: true, digest_room_ids: [crypto.randomUUID()] },
          { cookie: reader.cookie },
        )
      ).statusCode,
    ).toBe(400);

    await app.services.mail.scheduleDigests();
    const job = await app.ctx.database.db
      .selectFrom('mail_jobs')
      .select(['id', 'run_at'])
      .where('user_id', '=', reader.id)
      .where('kind', '=', 'digest')
      .executeTakeFirstOrThrow();
    // Due just after midnight (UTC) of the day it covers: moved to now to run it.
    expect(Date.parse(job.run_at)).toBeGreaterThan(Date.now());
    await app.ctx.database.db
      .updateTable('mail_jobs')
      .set({ run_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .execute();
    await waitFor(() => mailsTo(address).length > 0);
    const mail = mailsTo(address)[0]!;
    expect(mail.subject).toMatch(/^Daily digest for \d{4}-\d{2}-\d{2}$/);
    expect(mail.text).toContain('How do I configure the cache? (1 answer)');
    expect(mail.html).toContain('Open thread');
  });

  it('a reply in a thread I follow, shown in the thread only, is e-mailed too', async () => {
    extra.push(await startSecondProcess(app));
    const asker = await createMember(app);
    const helper = await createMember(app);
    const address = `follow-${asker.id.slice(0, 8)}@example.test`;
    await withAddress(asker, address);
    const roomId = await roomWith(asker, helper);
    // Asking starts a thread the asker follows once it has a reply.
    const root = (await asker.send(roomId, 'Why does the build fail on Windows?')).json<{ message: { id: string } }>()
      .message;
    const reply = await helper.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `follow-reply-${root.id}`, content: 'Path separators in the copy script', thread_root_id: root.id },
      { cookie: helper.cookie },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    await waitFor(() => mailsTo(address).length > 0);
    const mail = mailsTo(address)[0]!;
    expect(mail.text).toContain('Path separators in the copy script');
    expect(mail.text).not.toContain('Why does the build fail on Windows?');
  });

  it('a reply in a followed thread that also mentions me is e-mailed once', async () => {
    extra.push(await startSecondProcess(app));
    const asker = await createMember(app);
    const helper = await createMember(app);
    const address = `both-${asker.id.slice(0, 8)}@example.test`;
    await withAddress(asker, address);
    const roomId = await roomWith(asker, helper);
    const root = (await asker.send(roomId, 'Where are the release notes?')).json<{ message: { id: string } }>().message;
    const reply = await helper.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: `both-reply-${root.id}`, content: `@${asker.username} in CHANGELOG.md`, thread_root_id: root.id },
      { cookie: helper.cookie },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    await waitFor(() => mailsTo(address).length > 0);
    const mail = mailsTo(address)[0]!;
    expect(mail.subject).toMatch(/^A new message for you in /);
    expect(mail.text?.split('in CHANGELOG.md')).toHaveLength(2);
  });
});
