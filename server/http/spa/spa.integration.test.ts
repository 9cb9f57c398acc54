import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config/config';
import { buildUser } from '../../testing/builders';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../testing/databases';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>RepoRooms - Chat about GitHub Repos</title>
    <meta name="description" content="default" />
    <!--app-head-->
  </head>
  <body><div id="root"></div></body>
</html>`;

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

describeEachDatabase('server-rendered page metadata', (engine) => {
  let database: TestDatabase;
  let built: BuiltApp;
  let workDir: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-spa-'));
    fs.writeFileSync(path.join(workDir, 'index.html'), TEMPLATE);
    database = await createTestDatabase(engine);
    const config = loadConfig({
      PUBLIC_URL: 'https://rooms.example',
      LOG_LEVEL: 'silent',
      DATA_DIR: workDir,
      CLIENT_DIST_DIR: workDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    });
    built = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
    await built.app.ready();
  });

  afterAll(async () => {
    await built.close();
    await database.destroy().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const get = (url: string) => built.app.inject({ method: 'GET', url });

  it('writes the default tags and the site record into the home page', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const html = head(response.body);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>RepoRooms - Chat about GitHub Repos</title>');
    expect(html).not.toContain('content="default"');
    expect(html).not.toContain('<!--app-head-->');
    expect(metaContent(html, 'description')).toBe(
      'Find and join chat rooms for GitHub repositories. Discuss issues, features, and collaborate with contributors on RepoRooms',
    );
    expect(html).toContain('<link rel="canonical" href="https://rooms.example/" />');
    expect(metaContent(html, 'og:image')).toBe('https://rooms.example/og-image.png');
    expect(metaContent(html, 'og:site_name')).toBe('RepoRooms');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'robots')).toBeUndefined();
    expect(html).toContain('"@type":"WebSite"');
  });

  it("marks <html> with the GitHub mode and the sidebar cookie's state for the served shell", async () => {
    const collapsed = await get('/');
    expect(collapsed.body).toContain(
      `<html data-github-mode="${built.ctx.github.mode}" data-sidebar="collapsed" lang="en">`,
    );
    const expanded = await built.app.inject({ method: 'GET', url: '/profile', cookies: { sidebar_state: 'true' } });
    expect(expanded.body).toContain('data-sidebar="expanded"');
  });

  it('describes a public profile by username (any case) and by id, escaping its text', async () => {
    const user = await buildUser(built.ctx.database.db, {
      username: 'Meta_Ada',
      display_name: 'Ada <script>alert(1)</script>',
      bio: 'Writes   "notes"\n on engines & looms',
      avatar_url: 'https://avatars.example/ada.png',
    });
    for (const url of ['/user/meta_ada', `/user/${user.id}`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const html = head(response.body);
      expect(html).toContain('<title>Ada &lt;script&gt;alert(1)&lt;/script&gt; (@Meta_Ada) | RepoRooms</title>');
      expect(html).not.toContain('<script>alert(1)');
      expect(metaContent(html, 'description')).toBe('Writes &quot;notes&quot; on engines &amp; looms');
      expect(metaContent(html, 'og:type')).toBe('profile');
      expect(metaContent(html, 'og:image')).toBe('https://avatars.example/ada.png');
      expect(html).toContain('<link rel="canonical" href="https://rooms.example/user/Meta_Ada" />');
      expect(html).toContain('"@type":"ProfilePage"');
      expect(html).toContain('\\u003cscript\\u003e');
      expect(metaContent(html, 'robots')).toBeUndefined();
    }
  });

  it('gives private and unknown profiles the default tags and keeps them out of indexes', async () => {
    await buildUser(built.ctx.database.db, {
      username: 'hidden_grace',
      display_name: 'Grace',
      profile_visibility: 'private',
    });
    for (const url of ['/user/hidden_grace', '/user/nobody-here', '/user/00000000-0000-4000-8000-000000000000']) {
      const html = head((await get(url)).body);
      expect(html).toContain('<title>RepoRooms - Chat about GitHub Repos</title>');
      expect(html).not.toContain('Grace');
      expect(metaContent(html, 'robots')).toBe('noindex,nofollow');
    }
  });

  it('marks signed-in pages noindex and answers unknown paths with 404', async () => {
    for (const [url, title] of [
      ['/profile', 'Your Profile | RepoRooms'],
      ['/chat/some-room', 'Chat Room | RepoRooms'],
      ['/auth', 'Sign In | RepoRooms'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(metaContent(response.body, 'robots')).toBe('noindex,nofollow');
    }
    const head = await built.app.inject({ method: 'HEAD', url: '/user/anyone' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    const missing = await get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('<div id="root">');
    expect(metaContent(missing.body, 'robots')).toBe('noindex,nofollow');
  });

  it('serves the site configuration', async () => {
    const response = await get('/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      publicUrl: 'https://rooms.example',
      githubMode: 'emulated',
      githubWebUrl: 'https://rooms.example/_emulator',
    });
  });
});

describe('page metadata without a database answer', () => {
  it('still serves the page when the profile lookup fails', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-spa-'));
    fs.writeFileSync(path.join(workDir, 'index.html'), TEMPLATE);
    const database = await createTestDatabase('sqlite');
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: workDir,
      CLIENT_DIST_DIR: workDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    });
    const built = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
    try {
      await built.app.ready();
      await built.ctx.database.db.schema.dropView('public_profiles').execute();
      const response = await built.app.inject({ method: 'GET', url: '/user/someone' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>RepoRooms - Chat about GitHub Repos</title>');
      expect(metaContent(response.body, 'robots')).toBe('noindex,nofollow');
    } finally {
      await built.close();
      await database.destroy().catch(() => undefined);
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});
