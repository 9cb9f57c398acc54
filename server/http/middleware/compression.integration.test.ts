import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCompressedSiblings } from '../../../scripts/precompress';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config/config';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../testing/databases';
import { chooseEncoding, MIN_COMPRESSED_BYTES, registerCompression } from './compression';

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
  });
});

describe('compression of JSON and HTML answers', () => {
  let app: FastifyInstance;
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `repository-${i}` })) };

  beforeAll(async () => {
    app = Fastify();
    registerCompression(app);
    app.get('/big', async () => big);
    app.get('/small', async () => ({ ok: true }));
    app.get('/html', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>x</p>'.repeat(400)));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(4000)));
    app.get('/encoded', async (_request, reply) =>
      reply.type('application/json').header('content-encoding', 'identity').send(JSON.stringify(big)),
    );
    app.get('/vary', async (_request, reply) => reply.header('vary', 'Cookie').send(big));
    await app.ready();
  });

  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers brotli or gzip as the request accepts, with Vary: Accept-Encoding', async () => {
    const raw = Buffer.from(JSON.stringify(big));
    expect(raw.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get('/big', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.rawPayload.length).toBeLessThan(raw.length / 3);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload, encoding).toString())).toEqual(big);
    }
  });

  it('sends the body as it is to a request that accepts neither, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const response = await get('/big', accept);
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.headers.vary, accept).toBe('Accept-Encoding');
      expect(response.json()).toEqual(big);
    }
  });

  it('compresses HTML too', async () => {
    const response = await get('/html', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode(response.rawPayload, 'br').toString()).toBe('<p>x</p>'.repeat(400));
  });

  it('leaves small bodies, other types and already-encoded answers untouched', async () => {
    const small = await get('/small', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const text = await get('/text', 'br, gzip');
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(text.body).toBe('x'.repeat(4000));

    const encoded = await get('/encoded', 'br, gzip');
    expect(encoded.headers['content-encoding']).toBe('identity');
    expect(encoded.json()).toEqual(big);
  });

  it('keeps an existing Vary header', async () => {
    const response = await get('/vary', 'gzip');
    expect(response.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>RepoRooms - Chat about GitHub Repos</title>
    <!--app-head-->
    <script type="module" src="/assets/index-Abc12345.js"></script>
  </head>
  <body><div id="root">${'<div class="shell"></div>'.repeat(100)}</div></body>
</html>`;
const SCRIPT = `export const rooms = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `room-${i}`))};\n`;

describeEachDatabase('serving the built client: encodings and caching', (engine) => {
  let database: TestDatabase;
  let built: BuiltApp;
  let workDir: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-delivery-'));
    fs.mkdirSync(path.join(workDir, 'assets'));
    fs.writeFileSync(path.join(workDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(workDir, 'assets', 'index-Abc12345.js'), SCRIPT);
    fs.writeFileSync(path.join(workDir, 'assets', 'index-Abc12345.js.map'), '{"version":3,"sources":[]}');
    fs.writeFileSync(
      path.join(workDir, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`,
    );
    for (const file of ['assets/index-Abc12345.js', 'favicon.svg']) writeCompressedSiblings(path.join(workDir, file));
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

  const get = (url: string, acceptEncoding?: string) =>
    built.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset precompressed as accepted, cached for a year and immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const response = await get('/assets/index-Abc12345.js', accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(response.rawPayload, encoding).toString(), accept).toBe(SCRIPT);
      if (encoding) expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    }
  });

  it('sends unhashed public files precompressed but not immutable', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('compresses the served page, which is never cached as immutable', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const response = await get('/', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], accept).toBe('no-cache');
      expect(decode(response.rawPayload, encoding).toString(), accept).toContain('<div id="root">');
    }
  });

  it('never serves source maps, nor the compressed copies by their own names', async () => {
    for (const url of [
      '/assets/index-Abc12345.js.map',
      '/assets/index-Abc12345.js.br',
      '/assets/index-Abc12345.js.gz',
    ]) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });

  it('leaves small JSON answers as they are', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(() => response.json()).not.toThrow();
  });
});
