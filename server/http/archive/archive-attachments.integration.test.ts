import { afterAll, beforeAll, expect, it } from 'vitest';
import { createArchiveService } from '../../services/archive/archive.service';
import { describeEachDatabase } from '../../testing/databases';
import { apiClient } from '../../testing/http';
import { StatementCounter } from '../../testing/statement-counter';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fetchFile, pdfBytes, pngOf, sendWithFiles, sentMessage, uploaded } from '../../testing/attachment-kit';
import { anotherRepo, createMember, messageOf, testClock, type TestMember } from '../../testing/room-test-kit';

const DAY = '2026-03-01';

describeEachDatabase('archive pages show attachments', (engine) => {
  let app: TestApp;
  const clock = testClock();
  let ada: TestMember;
  let grace: TestMember;
  let repo = '';
  let roomId = '';

  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
    ada = await createMember(app);
    grace = await createMember(app);
    repo = anotherRepo();
    roomId = (await ada.join(repo)).room.id;
    await grace.join(repo);
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const get = (path: string) => apiClient(app.app).get(path);
  const articleOf = (html: string, messageId: string) =>
    new RegExp(`<article[^>]* id="m-${messageId}">.*?</article>`).exec(html)?.[0] ?? '';

  it('an image inline at its proportions, lazily, linking to the full image; a file as a chip', async () => {
    const image = await uploaded(app, ada, roomId, 'wide screenshot.png', await pngOf(1200, 800));
    const tall = await uploaded(app, ada, roomId, 'tall.png', await pngOf(300, 1200));
    const log = await uploaded(app, ada, roomId, '<script>.txt', Buffer.from('alert("hi")\n'.repeat(200)));
    const pdf = await uploaded(app, ada, roomId, 'report "final".pdf', pdfBytes());
    const message = sentMessage(
      await sendWithFiles(ada, roomId, 'see the **files**', [image.id, tall.id, log.id, pdf.id]),
    );

    const page = await get(`/r/${repo}/archive/${DAY}`);
    expect(page.statusCode).toBe(200);
    const article = articleOf(page.body, message.id);
    expect(article).toContain('<strong>files</strong>');
    // 1200×800 fits 320×240 at 320×213; 300×1200 at 60×240.
    expect(article).toContain(
      `<a class="image" href="/files/${image.id}" title="wide screenshot.png"><img src="/files/${image.id}/thumbnail" alt="wide screenshot.png" width="320" height="213" loading="lazy" decoding="async"></a>`,
    );
    expect(article).toContain(
      `<img src="/files/${tall.id}/thumbnail" alt="tall.png" width="60" height="240" loading="lazy"`,
    );
    // The file chips: name (escaped, inert), type and size, linking to the download.
    expect(article).toContain(
      `<a class="file" href="/files/${log.id}" download="&#60;script&#62;.txt"><span class="name">&#60;script&#62;.txt</span> <span class="meta">Text · 2 KB</span></a>`,
    );
    expect(page.body).not.toContain('<script>.txt');
    expect(article).toContain(`download="report &#34;final&#34;.pdf"`);
    expect(article).toContain(`<span class="meta">PDF · ${pdf.size} B</span>`);
    // Images first, then the other files, each group in the order attached.
    const order = [image.id, tall.id, log.id, pdf.id].map((id) => article.indexOf(`/files/${id}"`));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // The page's addresses are the app's own, and anyone may fetch them from a room anyone reads.
    for (const url of [`/files/${image.id}`, `/files/${image.id}/thumbnail`, `/files/${log.id}`, `/files/${pdf.id}`]) {
      expect((await fetchFile(app, url)).statusCode).toBe(200);
    }
  });

  it('in threads too, and a deleted message takes its files off the page', async () => {
    const root = messageOf(await grace.send(roomId, 'what does this log say?'));
    const log = await uploaded(app, grace, roomId, 'build.log', Buffer.from('error: nope\n'));
    const reply = sentMessage(await sendWithFiles(grace, roomId, 'this one', [log.id], root.id));
    const thread = await get(`/r/${repo}/threads/${root.id}`);
    expect(thread.statusCode).toBe(200);
    expect(articleOf(thread.body, reply.id)).toContain(`<a class="file" href="/files/${log.id}" download="build.log">`);

    const gone = await uploaded(app, grace, roomId, 'oops.png', await pngOf(40, 30));
    const regretted = sentMessage(await sendWithFiles(grace, roomId, 'wrong picture', [gone.id]));
    expect((await get(`/r/${repo}/archive/${DAY}`)).body).toContain(`/files/${gone.id}`);
    await grace.api.delete(`/api/messages/${regretted.id}`, undefined, { cookie: grace.cookie });
    const after = await get(`/r/${repo}/archive/${DAY}`);
    expect(after.body).not.toContain(gone.id);
    expect(after.body).not.toContain('oops.png');
  });

  it("reads a day's files in one statement, however many messages carry them", async () => {
    const counter = new StatementCounter();
    const archive = createArchiveService({
      db: app.ctx.database.db.withPlugin(counter),
      presence: { online: () => Promise.resolve([]) },
    });
    const busy = (await ada.join(anotherRepo())).room.id;
    const one = await uploaded(app, ada, busy, 'one.png', await pngOf(20, 20));
    sentMessage(await sendWithFiles(ada, busy, 'one', [one.id]));
    await archive.day(busy, DAY);
    const withOne = counter.count;
    for (let i = 0; i < 4; i += 1) {
      const file = await uploaded(app, ada, busy, `more-${i}.txt`, Buffer.from(`file ${i}\n`));
      sentMessage(await sendWithFiles(ada, busy, `more ${i}`, [file.id]));
    }
    counter.count = 0;
    const day = await archive.day(busy, DAY);
    expect(day?.messages.filter((m) => m.attachments?.length === 1)).toHaveLength(5);
    expect(counter.count).toBe(withOne);
  });

  it("a members-only room's files appear on no public page and are not served to visitors", async () => {
    const closedRepo = anotherRepo();
    const closed = (await ada.join(closedRepo)).room.id;
    const secret = await uploaded(app, ada, closed, 'secret-plan.png', await pngOf(64, 48));
    const plan = sentMessage(await sendWithFiles(ada, closed, 'the plan', [secret.id]));
    const open = await get(`/r/${closedRepo}/archive/${DAY}`);
    expect(open.body).toContain(`/files/${secret.id}`);

    await app.ctx.database.db
      .updateTable('chat_rooms')
      .set({ archive_access: 'members' })
      .where('id', '=', closed)
      .execute();
    for (const path of [
      `/r/${closedRepo}/archive/${DAY}`,
      `/r/${closedRepo}/archive`,
      `/r/${closedRepo}/threads/${plan.id}`,
    ]) {
      const page = await get(path);
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(secret.id);
    }
    expect((await fetchFile(app, `/files/${secret.id}`)).statusCode).toBe(404);
    expect((await fetchFile(app, `/files/${secret.id}/thumbnail`, grace)).statusCode).toBe(404);
    expect((await fetchFile(app, `/files/${secret.id}`, ada)).statusCode).toBe(200);
    // Nor on the public room's page of the same day.
    expect((await get(`/r/${repo}/archive/${DAY}`)).body).not.toContain(secret.id);
  });
});
