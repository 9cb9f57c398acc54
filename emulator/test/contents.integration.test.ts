import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type Client } from './helpers';

const REPO = 'facebook/react';
const API = `/api/v3/repos/${REPO}`;
const RAW = { accept: 'application/vnd.github.raw+json' };

interface FileItem {
  type: string;
  encoding: string;
  size: number;
  name: string;
  path: string;
  content: string;
  sha: string;
  url: string;
  git_url: string;
  html_url: string;
  download_url: string | null;
  _links: { self: string; git: string; html: string };
}

let c: Client;
beforeAll(async () => {
  c = await startClient();
});
afterAll(() => c.close());

async function file(path: string, query = ''): Promise<FileItem> {
  const res = await c.get(`${API}/contents/${path}${query}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as FileItem;
}

const decode = (item: FileItem): string => Buffer.from(item.content, 'base64').toString('utf8');

describe('GET /repos/{o}/{r}/contents/{path}', () => {
  it('answers a file as GitHub does: base64 in lines of 60, git blob SHA, URLs', async () => {
    const item = await file('packages/react/src/ReactHooks.js', '?ref=main');
    expect(item).toMatchObject({
      type: 'file',
      encoding: 'base64',
      name: 'ReactHooks.js',
      path: 'packages/react/src/ReactHooks.js',
    });
    expect(item.content.split('\n').every((line) => line.length <= 60)).toBe(true);
    const bytes = Buffer.from(item.content, 'base64');
    expect(item.size).toBe(bytes.length);
    expect(item.sha).toBe(createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex'));
    expect(item.html_url).toBe(`https://github.com/${REPO}/blob/main/packages/react/src/ReactHooks.js`);
    expect(item.url).toBe(`${c.server.url}${API}/contents/packages/react/src/ReactHooks.js?ref=main`);
    expect(item.git_url).toBe(`${c.server.url}${API}/git/blobs/${item.sha}`);
    expect(item._links).toEqual({ self: item.url, git: item.git_url, html: item.html_url });
    const lines = decode(item).split('\n');
    expect(lines.length).toBeGreaterThan(100);
    expect(lines[0]).toContain(`packages/react/src/ReactHooks.js of ${REPO}`);
  });

  it('is the same file every time, whatever the ref; other paths and repositories differ', async () => {
    const a = decode(await file('src/index.ts'));
    const sha = (await (await c.get(`${API}/commits/main`)).json()) as { sha: string };
    expect(decode(await file('src/index.ts', `?ref=${sha.sha}`))).toBe(a);
    expect(decode(await file('src/index.ts', '?ref=refs/heads/main'))).toBe(a);
    const other = await startClient();
    try {
      const again = (await (await other.get(`${API}/contents/src/index.ts`)).json()) as FileItem;
      expect(decode(again)).toBe(a);
    } finally {
      await other.close();
    }
    expect(decode(await file('src/other.ts'))).not.toBe(a);
    const elsewhere = (await (await c.get('/api/v3/repos/vitejs/vite/contents/src/index.ts')).json()) as FileItem;
    expect(decode(elsewhere)).not.toBe(a);
  });

  it('generates sources for many languages and a README', async () => {
    const starts: Record<string, RegExp> = {
      'lib/cache.py': /^"""lib\/cache\.py of /,
      'cmd/server/main.go': /^\/\/ cmd\/server\/main\.go of [^\n]+\npackage server\n/,
      'src/lib.rs': /^\/\/! src\/lib\.rs of /,
      'README.md': /^# README\.md\n/,
      'config/app.yml': /^name: facebook\/react\n/,
      'scripts/build.sh': /^#!\/bin\/sh\n/,
    };
    for (const [path, start] of Object.entries(starts)) expect(decode(await file(path)), path).toMatch(start);
  });

  it('the raw media types answer the bytes; the same lines as the JSON content', async () => {
    const item = await file('src/index.ts');
    for (const accept of [
      'application/vnd.github.raw+json',
      'application/vnd.github.raw',
      'application/vnd.github.v3.raw',
    ]) {
      const res = await c.get(`${API}/contents/src/index.ts`, { headers: { accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.github.raw; charset=utf-8');
      const text = await res.text();
      expect(text).toBe(decode(item));
      expect(text.split('\n').slice(2, 5)).toEqual(decode(item).split('\n').slice(2, 5));
    }
    const etag = (await c.get(`${API}/contents/src/index.ts`, { headers: RAW })).headers.get('etag') ?? '';
    expect((await c.get(`${API}/contents/src/index.ts`, { headers: { ...RAW, 'if-none-match': etag } })).status).toBe(
      304,
    );
  });

  it('images are binary: a valid PNG, served raw as bytes', async () => {
    const item = await file('docs/logo.png');
    const bytes = Buffer.from(item.content, 'base64');
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const raw = await c.get(`${API}/contents/docs/logo.png`, { headers: RAW });
    expect(raw.headers.get('content-type')).toBe('application/vnd.github.raw');
    expect(Buffer.from(await raw.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await file('assets/photo.jpg')).encoding).toBe('base64');
  });

  it('a file over 1 MB has no content in JSON (encoding "none"), the raw media type has it all', async () => {
    const item = await file('dist/large-bundle.js');
    expect(item.size).toBeGreaterThan(1024 * 1024);
    expect(item).toMatchObject({ content: '', encoding: 'none' });
    const raw = await c.get(`${API}/contents/dist/large-bundle.js`, { headers: RAW });
    expect((await raw.arrayBuffer()).byteLength).toBe(item.size);
  });

  it('directories answer arrays of entries, sorted, sizes and SHAs matching the files', async () => {
    const res = await c.get(`${API}/contents`);
    const root = (await res.json()) as FileItem[];
    expect(root.map((e) => e.name)).toEqual(expect.arrayContaining(['README.md', 'src', 'package.json', 'LICENSE']));
    expect(root.map((e) => e.name)).toEqual([...root.map((e) => e.name)].sort());
    expect(root.every((e) => !('content' in e))).toBe(true);
    const src = (await (await c.get(`${API}/contents/src`)).json()) as FileItem[];
    expect(src.length).toBeGreaterThanOrEqual(3);
    for (const entry of src.filter((e) => e.type === 'file')) {
      const full = await file(entry.path);
      expect(entry).toMatchObject({ size: full.size, sha: full.sha, download_url: full.download_url });
    }
    const dir = src.find((e) => e.type === 'dir');
    if (dir)
      expect(dir).toMatchObject({
        size: 0,
        download_url: null,
        html_url: `https://github.com/${REPO}/tree/main/${dir.path}`,
      });
    const object = (await (
      await c.get(`${API}/contents/src`, { headers: { accept: 'application/vnd.github.object+json' } })
    ).json()) as {
      type: string;
      entries: unknown[];
    };
    expect(object.type).toBe('dir');
    expect(object.entries).toEqual(src);
  });

  it('404 for a segment named "missing", unknown extensions, paths below a file; 404 for unknown refs', async () => {
    for (const path of [
      'missing',
      'src/missing.ts',
      'missing/index.ts',
      'src/index.ts/more',
      'notes.xyz',
      '.git/config',
    ]) {
      const res = await c.get(`${API}/contents/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Not Found' });
    }
    const badRef = await c.get(`${API}/contents/src/index.ts?ref=no-such-branch`);
    expect(badRef.status).toBe(404);
    expect(await badRef.json()).toMatchObject({ message: 'No commit found for the ref no-such-branch' });
    expect((await c.get('/api/v3/repos/nobody/nothing/contents/src/index.ts')).status).toBe(404);
    const empty = await c.get('/api/v3/repos/reporooms-quirks/empty-repo/contents/src/index.ts');
    expect(empty.status).toBe(404);
    expect(await empty.json()).toMatchObject({ message: 'This repository is empty.' });
  });

  it('a release tag is a ref; the download_url serves the bytes', async () => {
    const tag = ((await (await c.get(`${API}/releases`)).json()) as { tag_name: string }[])[0]?.tag_name ?? '';
    const item = await file('README.md', `?ref=${encodeURIComponent(tag)}`);
    expect(item.html_url).toBe(`https://github.com/${REPO}/blob/${encodeURIComponent(tag)}/README.md`);
    const download = await fetch(item.download_url ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await download.text()).toBe(decode(item));
    expect((await fetch(`${c.server.url}/${REPO}/raw/main/src/missing.ts`)).status).toBe(404);
    expect((await fetch(`${c.server.url}/${REPO}/raw/nope/src/index.ts`)).status).toBe(404);
  });
});

describe('GET /repos/{o}/{r}/commits/{ref}', () => {
  it('resolves the default branch, a tag and a 40-hex SHA; other refs are 422 like GitHub', async () => {
    const main = (await (await c.get(`${API}/commits/main`)).json()) as {
      sha: string;
      html_url: string;
      commit: { message: string };
    };
    expect(main.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(main.html_url).toBe(`https://github.com/${REPO}/commit/${main.sha}`);
    const bySha = (await (await c.get(`${API}/commits/${main.sha}`)).json()) as { sha: string };
    expect(bySha.sha).toBe(main.sha);
    const justSha = await c.get(`${API}/commits/main`, { headers: { accept: 'application/vnd.github.sha' } });
    expect(await justSha.text()).toBe(main.sha);
    const unknown = await c.get(`${API}/commits/not-a-branch`);
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ message: 'No commit found for SHA: not-a-branch' });
    expect((await c.get('/api/v3/repos/reporooms-quirks/empty-repo/commits/main')).status).toBe(409);
  });
});
