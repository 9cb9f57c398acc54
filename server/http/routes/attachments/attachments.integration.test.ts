import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessagesPageResponse } from '../../../../shared/api/rooms';
import { describeEachDatabase } from '../../../testing/databases';
import { describeEachStorage } from '../../../testing/file-storages';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createMember, makeModerator, roomWith, testClock } from '../../../testing/room-test-kit';
import { replayedLog } from '../../../testing/room-log';
import { fetchFile, pdfBytes, pngOf, sendWithFiles, sentMessage, uploaded } from '../../../testing/attachment-kit';

describeEachDatabase('attachments', (engine) => {
  describeEachStorage('sent, served and deleted', (storage) => {
    let app: TestApp;
    const clock = testClock(Date.now());
    beforeAll(async () => {
      app = await createTestApp({ engine, now: clock.now, github: 'emulator', env: storage.env() });
    });
    afterAll(async () => {
      await app?.destroy();
    });

    it('stores files in the configured storage', () => {
      expect(app.ctx.files.kind).toBe(storage.kind);
    });

    it('an image without text: carried by the message in answers, pages and the log, served to members', async () => {
      const author = await createMember(app);
      const reader = await createMember(app);
      const outsider = await createMember(app);
      const roomId = await roomWith(author, reader);
      await roomWith(outsider);

      const image = await uploaded(app, author, roomId, 'screenshot.png', await pngOf(1200, 800));
      expect(image).toMatchObject({ name: 'screenshot.png', type: 'image/png', width: 1200, height: 800 });
      expect(image.thumbnail_url).toBe(`/files/${image.id}/thumbnail`);

      // Before it is sent, only its uploader can fetch it.
      expect((await fetchFile(app, image.url, author)).statusCode).toBe(200);
      expect((await fetchFile(app, image.url, reader)).statusCode).toBe(404);

      const message = sentMessage(await sendWithFiles(author, roomId, '', [image.id]));
      expect(message.content).toBe('');
      expect(message.attachments).toEqual([image]);

      const page = (
        await reader.api.get(`/api/rooms/${roomId}/messages`, { cookie: reader.cookie })
      ).json<MessagesPageResponse>();
      expect(page.messages.find((m) => m.id === message.id)?.attachments).toEqual([image]);
      const created = (await replayedLog(app.ctx.database.db, roomId)).find(
        (e) => e.event.type === 'message.created' && e.event.message.id === message.id,
      );
      expect(created?.event).toMatchObject({ message: { attachments: [image] } });

      const file = await fetchFile(app, image.url, reader);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="screenshot.png"/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
      expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');

      const thumbnail = await fetchFile(app, image.thumbnail_url ?? '', reader);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');

      // Files follow the room's reads: in a room anyone may read, an outsider and a visitor fetch
      // them too; once its moderators open it to members only, they are told there is nothing there.
      expect((await fetchFile(app, image.url, outsider)).statusCode).toBe(200);
      expect((await fetchFile(app, image.url)).statusCode).toBe(200);
      await app.ctx.database.db
        .updateTable('chat_rooms')
        .set({ archive_access: 'members' })
        .where('id', '=', roomId)
        .execute();
      expect((await fetchFile(app, image.url, outsider)).statusCode).toBe(404);
      expect((await fetchFile(app, image.url)).statusCode).toBe(404);
      expect((await fetchFile(app, image.url, reader)).statusCode).toBe(200);
    });

    it('other files download under their name: a PDF, a log, JSON', async () => {
      const author = await createMember(app);
      const roomId = await roomWith(author);
      const pdf = await uploaded(app, author, roomId, 'Design review.pdf', pdfBytes());
      const log = await uploaded(
        app,
        author,
        roomId,
        'server.log',
        Buffer.from('12:00 started\n12:01 <b>failed</b>\n'),
      );
      const json = await uploaded(app, author, roomId, 'config.json', Buffer.from('{"a":1}'));
      expect([pdf.type, log.type, json.type]).toEqual(['application/pdf', 'text/plain', 'application/json']);
      const message = sentMessage(await sendWithFiles(author, roomId, 'Files attached', [pdf.id, log.id, json.id]));
      expect(message.attachments?.map((a) => a.name)).toEqual(['Design review.pdf', 'server.log', 'config.json']);

      const served = await fetchFile(app, pdf.url, author);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe(
        `attachment; filename="Design review.pdf"; filename*=UTF-8''Design%20review.pdf`,
      );
      expect(served.rawPayload.equals(pdfBytes())).toBe(true);
      const text = await fetchFile(app, log.url, author);
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(text.headers['content-disposition']).toMatch(/^attachment;/);
      expect(text.headers['content-security-policy']).toMatch(/^sandbox/);
    });

    it('editing keeps the files; deleting the message deletes them; so does a moderator’s removal', async () => {
      const author = await createMember(app);
      const moderator = await createMember(app);
      const roomId = await roomWith(author, moderator);
      await makeModerator(app, roomId, moderator.id, clock.now());

      const kept = await uploaded(app, author, roomId, 'a.png', await pngOf(40, 30));
      const message = sentMessage(await sendWithFiles(author, roomId, 'look', [kept.id]));
      const edited = await author.api.patch(
        `/api/messages/${message.id}`,
        { content: 'look at this' },
        {
          cookie: author.cookie,
        },
      );
      expect(edited.json<{ message: { attachments?: unknown } }>().message.attachments).toEqual([kept]);
      expect((await fetchFile(app, kept.url, moderator)).statusCode).toBe(200);

      const deleted = await author.api.delete(`/api/messages/${message.id}`, {}, { cookie: author.cookie });
      expect(deleted.statusCode).toBe(204);
      expect((await fetchFile(app, kept.url, author)).statusCode).toBe(404);
      expect((await fetchFile(app, kept.thumbnail_url ?? '', author)).statusCode).toBe(404);
      expect(await app.ctx.files.get(`${kept.id}/original`)).toBeUndefined();
      const page = (
        await author.api.get(`/api/rooms/${roomId}/messages`, { cookie: author.cookie })
      ).json<MessagesPageResponse>();
      expect(page.messages.find((m) => m.id === message.id)).toMatchObject({ deleted: true });
      expect(page.messages.find((m) => m.id === message.id)?.attachments).toBeUndefined();

      const removedFile = await uploaded(app, author, roomId, 'b.txt', Buffer.from('spam'));
      const spam = sentMessage(await sendWithFiles(author, roomId, 'spam', [removedFile.id]));
      const removal = await moderator.api.post(`/api/messages/${spam.id}/remove`, {}, { cookie: moderator.cookie });
      expect(removal.statusCode).toBe(204);
      expect((await fetchFile(app, removedFile.url, author)).statusCode).toBe(404);
      expect(await app.ctx.files.get(`${removedFile.id}/original`)).toBeUndefined();
    });

    it('in a thread, and an upload is used once, by its uploader, in its room', async () => {
      const author = await createMember(app);
      const other = await createMember(app);
      const roomId = await roomWith(author, other);
      const otherRoom = await roomWith(author);
      const root = sentMessage(await sendWithFiles(other, roomId, 'question', []));

      const file = await uploaded(app, author, roomId, 'trace.txt', Buffer.from('at main()'));
      expect((await sendWithFiles(other, roomId, 'mine?', [file.id])).statusCode).toBe(400);
      expect((await sendWithFiles(author, otherRoom, 'here?', [file.id])).statusCode).toBe(400);
      const reply = sentMessage(await sendWithFiles(author, roomId, '', [file.id], root.id));
      expect(reply).toMatchObject({ thread_root_id: root.id, attachments: [file] });
      const again = await sendWithFiles(author, roomId, 'again', [file.id]);
      expect(again.statusCode).toBe(400);
      expect(again.json<{ error: { message: string } }>().error.message).toBe(
        'An attachment was not found; upload it again',
      );
      expect((await fetchFile(app, file.url, other)).statusCode).toBe(200);
    });

    it('an upload no message took is deleted after an hour', async () => {
      const author = await createMember(app);
      const roomId = await roomWith(author);
      const unsent = await uploaded(app, author, roomId, 'draft.png', await pngOf(20, 20));
      expect(await app.services.attachments.purgeUnsent()).toBe(0);
      clock.advance(61 * 60 * 1000);
      expect(await app.services.attachments.purgeUnsent()).toBeGreaterThanOrEqual(1);
      expect((await fetchFile(app, unsent.url, author)).statusCode).toBe(404);
      expect(await app.ctx.files.get(`${unsent.id}/original`)).toBeUndefined();
      expect(await app.ctx.files.get(`${unsent.id}/thumbnail`)).toBeUndefined();
    });
  });
});
