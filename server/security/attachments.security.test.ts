import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createMember, roomWith, testClock } from '../testing/room-test-kit';
import { fetchFile, pngOf, sendWithFiles, sentMessage, upload, uploaded } from '../testing/attachment-kit';
import { ATTACHMENT_MAX_BYTES } from '../../shared/attachments/attachments';

/** A JPEG as a phone takes it: EXIF with the camera and the place it was taken. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Someone at home' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2428/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 768/100',
      },
    })
    .toBuffer();
}

const errorOf = (body: string) => (JSON.parse(body) as { error: { message: string } }).error.message;

describeEachDatabase('attachments are stored and served safely', (engine) => {
  let app: TestApp;
  const clock = testClock(Date.now());
  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("a JPEG's GPS and camera tags are gone after upload", async () => {
    const member = await createMember(app);
    const roomId = await roomWith(member);
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    // The GPS IFD pointer (tag 0x8825, little-endian) is there before.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const photo = await uploaded(app, member, roomId, 'holiday.jpg', original);
    const stored = (await fetchFile(app, photo.url, member)).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(stored.includes('PhoneMaker')).toBe(false);
    expect(stored.includes('Someone at home')).toBe(false);
  });

  it('a script uploaded as .png is refused; HTML named .txt is served as inert text', async () => {
    const member = await createMember(app);
    const roomId = await roomWith(member);
    const script = Buffer.from('<script>fetch("/api/me").then(r=>r.text()).then(alert)</script>');
    const refused = await upload(app, member, roomId, 'cat.png', script);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toBe('cat.png is not the kind of file its name says');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(app, member, roomId, 'logo.svg.png', svg)).statusCode).toBe(400);

    const page = await uploaded(app, member, roomId, 'notes.txt', Buffer.from('<html><script>alert(1)</script>'));
    expect(page.type).toBe('text/plain');
    const served = await fetchFile(app, page.url, member);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(served.headers['content-security-policy']).not.toContain('script-src');
  });

  it('types are decided from the bytes: an executable named .pdf and a broken image are refused', async () => {
    const member = await createMember(app);
    const roomId = await roomWith(member);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);
    const binary = await upload(app, member, roomId, 'report.pdf', elf);
    expect(binary.statusCode).toBe(400);
    expect(errorOf(binary.body)).toBe('report.pdf is not a supported file type (images, PDF, text, JSON or zip)');
    const truncated = (await pngOf(100, 100)).subarray(0, 60);
    expect((await upload(app, member, roomId, 'cut.png', truncated)).statusCode).toBe(400);
  });

  it('a file over 10 MB is refused with its name; at most 5 per message', async () => {
    const member = await createMember(app);
    const roomId = await roomWith(member);
    const big = await upload(app, member, roomId, 'dump.log', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(400);
    expect(errorOf(big.body)).toBe('dump.log is larger than 10 MB');

    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await uploaded(app, member, roomId, `f${i}.txt`, Buffer.from(`${i}`))).id);
    const tooMany = await sendWithFiles(member, roomId, 'six', ids);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany.body)).toBe('At most 5 attachments per message');
    expect(sentMessage(await sendWithFiles(member, roomId, 'five', ids.slice(0, 5))).attachments).toHaveLength(5);
  });

  it('only members who may post upload: not signed out, not outsiders, not the muted or banned', async () => {
    const member = await createMember(app);
    const muted = await createMember(app);
    const outsider = await createMember(app);
    const roomId = await roomWith(member, muted);
    const bytes = Buffer.from('log line');
    expect((await upload(app, undefined, roomId, 'a.txt', bytes)).statusCode).toBe(401);
    expect((await upload(app, outsider, roomId, 'a.txt', bytes)).statusCode).toBe(403);
    await app.ctx.database.db
      .updateTable('chat_members')
      .set({ muted_until: new Date(clock.now() + 600_000).toISOString() })
      .where('room_id', '=', roomId)
      .where('user_id', '=', muted.id)
      .execute();
    expect((await upload(app, muted, roomId, 'a.txt', bytes)).statusCode).toBe(403);
    const crossSite = await app.app.inject({
      method: 'POST',
      url: `/api/rooms/${roomId}/attachments?name=a.txt`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/octet-stream', cookie: member.cookie },
      payload: bytes,
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('50 MB an hour per person', async () => {
    const member = await createMember(app);
    const roomId = await roomWith(member);
    // 48 MB already uploaded in the last hour (rows as earlier uploads left them).
    await app.ctx.database.db
      .insertInto('message_attachments')
      .values(
        [0, 1, 2, 3].map((i) => ({
          id: crypto.randomUUID(),
          room_id: roomId,
          user_id: member.id,
          message_id: null,
          position: 0,
          name: `old${i}.zip`,
          content_type: 'application/zip',
          size: 12 * 1024 * 1024,
          width: null,
          height: null,
          storage_key: `gone-${i}/original`,
          thumbnail_key: null,
          created_at: new Date(clock.now() - 30 * 60 * 1000).toISOString(),
        })),
      )
      .execute();
    const over = await upload(app, member, roomId, 'more.txt', Buffer.alloc(3 * 1024 * 1024, 'b'));
    expect(over.statusCode).toBe(429);
    expect(errorOf(over.body)).toMatch(/^You have uploaded 50 MB in the last hour; please wait \d+ minutes/);
    expect((await upload(app, member, roomId, 'small.txt', Buffer.from('ok'))).statusCode).toBe(201);
  });

  it('a non-member cannot fetch an attachment of a "Members only" room, nor guess one\'s address', async () => {
    const member = await createMember(app);
    const stranger = await createMember(app);
    const roomId = await roomWith(member);
    const file = await uploaded(app, member, roomId, 'secret.png', await pngOf(10, 10));
    sentMessage(await sendWithFiles(member, roomId, 'private', [file.id]));
    // A room anyone may read: its files follow its messages, for visitors too.
    expect((await fetchFile(app, file.url, stranger)).statusCode).toBe(200);
    expect((await fetchFile(app, file.url)).statusCode).toBe(200);
    await app.ctx.database.db
      .updateTable('chat_rooms')
      .set({ archive_access: 'members' })
      .where('id', '=', roomId)
      .execute();
    for (const url of [file.url, file.thumbnail_url ?? '']) {
      expect((await fetchFile(app, url, stranger)).statusCode).toBe(404);
      expect((await fetchFile(app, url)).statusCode).toBe(404);
      expect((await fetchFile(app, url, member)).statusCode).toBe(200);
    }
    expect((await fetchFile(app, '/files/..%2f..%2fpackage.json', member)).statusCode).toBe(404);
    expect((await fetchFile(app, `/files/${crypto.randomUUID()}`, member)).statusCode).toBe(404);
  });
});
