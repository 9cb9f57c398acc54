import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { apiClient } from '../../testing/http';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { anotherRepo, createMember, messageOf, testClock, type TestMember } from '../../testing/room-test-kit';

const jsonLdOf = (html: string) => {
  const found = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
  return found?.[1] ? (JSON.parse(found[1]) as Record<string, unknown>) : undefined;
};

describeEachDatabase('public archive pages', (engine) => {
  let app: TestApp;
  const clock = testClock();
  let ada: TestMember;
  let grace: TestMember;
  let repo = '';
  let roomId = '';
  let rootId = '';
  let answerId = '';

  beforeAll(async () => {
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
    ada = await createMember(app);
    grace = await createMember(app);
    repo = anotherRepo();
    roomId = (await ada.join(repo)).room.id;
    await grace.join(repo);
    const as = (m: TestMember) => ({ cookie: m.cookie });
    // Day one: a question with a thread and its accepted answer, an edited and a deleted message.
    const root = messageOf(await ada.send(roomId, 'How do I **build** it? See #12'));
    rootId = root.id;
    const reply = await grace.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: 'r1', content: 'Run `npm run build` first', thread_root_id: rootId },
      as(grace),
    );
    answerId = messageOf(reply).id;
    expect((await ada.api.put(`/api/messages/${answerId}/answer`, {}, as(ada))).statusCode).toBe(200);
    const edited = messageOf(await grace.send(roomId, 'first draft wording'));
    await grace.api.patch(`/api/messages/${edited.id}`, { content: 'final wording' }, as(grace));
    const deleted = messageOf(await grace.send(roomId, 'regrettable words'));
    await grace.api.delete(`/api/messages/${deleted.id}`, undefined, as(grace));
    // Day two.
    clock.advance(24 * 60 * 60 * 1000);
    await ada.send(roomId, 'a new day <script>alert(1)</script>');
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const get = (path: string, headers: Record<string, string> = {}) => apiClient(app.app).get(path, { headers });

  it('lists the days with their counts, newest first, for anyone', async () => {
    const page = await get(`/r/${repo}/archive`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const body = page.body;
    expect(body.indexOf('2026-03-02')).toBeLessThan(body.indexOf('2026-03-01'));
    expect(body).toContain('March 2, 2026</a>: 1 message');
    expect(body).toContain('March 1, 2026</a>: 2 messages');
    expect(body).toContain(`<link rel="canonical" href="${app.ctx.config.publicUrl}/r/${repo}/archive">`);
    // The same in any letter case; an unknown repository or room answers 404 and creates nothing.
    expect((await get(`/r/${repo.toUpperCase()}/archive`)).statusCode).toBe(200);
    expect((await get('/r/nobody-here/nothing/archive')).statusCode).toBe(404);
  });

  it("shows a day's messages formatted, with permalinks, neighbours and no removed or pre-edit text", async () => {
    const page = await get(`/r/${repo}/archive/2026-03-01`);
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain('<strong>build</strong>');
    expect(body).toContain(`/chat/${roomId}?message=${rootId}`);
    expect(body).toContain('final wording');
    expect(body).not.toContain('first draft');
    expect(body).not.toContain('regrettable');
    expect(body).toContain('rel="next"');
    expect(body).toContain('Open in RepoRooms');
    expect(body).toContain('<meta name="description"');
    expect(body).toContain('<meta property="og:title"');
    expect(body).not.toContain('noindex');
    const next = await get(`/r/${repo}/archive/2026-03-02`);
    expect(next.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(next.body).not.toContain('<script>alert');
    expect(next.body).toContain(`href="/r/${repo}/archive/2026-03-01" rel="prev"`);
    expect((await get(`/r/${repo}/archive/2026-02-30`)).statusCode).toBe(404);
    expect((await get(`/r/${repo}/archive/2020-01-01`)).statusCode).toBe(404);
  });

  it('shows a thread with its accepted answer as a QAPage', async () => {
    const page = await get(`/r/${repo}/threads/${rootId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>How do I **build** it? See #12');
    const ld = jsonLdOf(page.body);
    expect(ld).toMatchObject({
      '@type': 'QAPage',
      mainEntity: {
        '@type': 'Question',
        answerCount: 1,
        acceptedAnswer: { '@type': 'Answer', text: 'Run `npm run build` first' },
      },
    });
    expect(page.body).toContain('Accepted answer');
    // A message without replies is a discussion of its own.
    const lone = messageOf(await ada.send(roomId, 'no replies here'));
    const discussion = await get(`/r/${repo}/threads/${lone.id}`);
    expect(jsonLdOf(discussion.body)).toMatchObject({ '@type': 'DiscussionForumPosting', commentCount: 0 });
    expect((await get(`/r/${repo}/threads/${answerId}`)).statusCode).toBe(404);
  });

  it('answers from its cache with an ETag until the room changes, compressed', async () => {
    const first = await get(`/r/${repo}/archive/2026-03-02`, { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await get(`/r/${repo}/archive/2026-03-02`, { 'if-none-match': etag })).statusCode).toBe(304);
    await ada.send(roomId, 'one more');
    const changed = await get(`/r/${repo}/archive/2026-03-02`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('one more');
  });

  it('sends the same page brotli- or gzip-compressed as asked, again from its cache', async () => {
    const url = `/r/${repo}/archive/2026-03-01`;
    const plain = await app.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round += 1) {
        const page = await app.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-encoding']).toBe(encoding);
        expect(page.headers.vary).toContain('Accept-Encoding');
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers.etag).toBe(plain.headers.etag);
        expect(decode(page.rawPayload).toString()).toBe(plain.body);
      }
    }
  });
});

describe('archive page HTML', () => {
  it('keeps the JSON-LD from closing its script element', async () => {
    const { jsonForScript } = await import('./archive-html');
    expect(jsonForScript({ text: '</script><b>' })).not.toContain('</script>');
  });

  it("formats a text again for another repository: its references are that repository's", async () => {
    const { messageBodyHtml } = await import('./archive-html');
    const webUrl = 'https://github.com';
    const text = 'fixed in #12 <b>';
    const first = messageBodyHtml(text, { repo: 'ada/engine', webUrl });
    expect(first).toContain('https://github.com/ada/engine/issues/12');
    expect(first).toContain('&#60;b&#62;');
    expect(messageBodyHtml(text, { repo: 'ada/engine', webUrl })).toBe(first);
    expect(messageBodyHtml(text, { repo: 'grace/compiler', webUrl })).toContain(
      'https://github.com/grace/compiler/issues/12',
    );
  });

  it("shows a message's time of day in UTC, from an ISO time or any other", async () => {
    const { timeOfDay } = await import('./archive-html');
    expect(timeOfDay('2026-03-01T00:05:09.123Z')).toBe('00:05');
    expect(timeOfDay('2026-03-01T23:59:00Z')).toBe('23:59');
    expect(timeOfDay('2026-03-01T10:30:00+02:00')).toBe('08:30');
  });
});

describeEachDatabase('sitemap and robots.txt', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine, github: 'emulator' });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("lists each readable room's sitemap, with its archive, days and threads", async () => {
    const ada = await createMember(app);
    const grace = await createMember(app);
    const repo = anotherRepo();
    const roomId = (await ada.join(repo)).room.id;
    await grace.join(repo);
    const root = messageOf(await ada.send(roomId, 'a question?'));
    await grace.api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: 's1', content: 'an answer', thread_root_id: root.id },
      { cookie: grace.cookie },
    );
    const client = apiClient(app.app);
    const robots = await client.get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${app.ctx.config.publicUrl}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');
    const index = await client.get('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex');
    const part = `${app.ctx.config.publicUrl}/sitemaps/${roomId}-1.xml`;
    expect(index.body).toContain(`<loc>${part}</loc>`);
    const sitemap = await client.get(new URL(part).pathname);
    expect(sitemap.statusCode).toBe(200);
    const day = root.created_at.slice(0, 10);
    expect(sitemap.body).toContain(`<loc>${app.ctx.config.publicUrl}/r/${repo}/archive/${day}</loc>`);
    expect(sitemap.body).toContain(`<loc>${app.ctx.config.publicUrl}/r/${repo}/threads/${root.id}</loc>`);
    expect((await client.get(`/sitemaps/${roomId}-2.xml`)).statusCode).toBe(404);
  });
});
