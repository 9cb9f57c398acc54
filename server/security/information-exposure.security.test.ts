import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config/config';
import { createTestDatabase, type TestDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Words that would tell a stranger what the server runs on. */
const DETAILS = /sqlite|postgres|memory|redis|quota|engine|bus|github|remaining/i;

describe('public health answers carry no details', () => {
  let testApp: TestApp;
  let noBus: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    // A Redis bus nobody listens for: the process lives, but is not ready.
    noBus = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await testApp?.destroy();
    await noBus?.destroy();
  });

  it.each(['/api/health', '/api/health/ready'])('%s says ok and nothing else', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.body).not.toMatch(DETAILS);
  });

  it('readiness is 503 without the bus, with no reason given; liveness stays 200', async () => {
    const ready = await noBus.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect(ready.body).not.toMatch(DETAILS);
    expect((await noBus.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('malformed URLs are answered like every other request', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  };

  it.each(['/api/rooms/%E0%A4%A', '/%zz', '/api/users/%c0%3Cscript%3E'])(
    'GET %s: 400 with the security headers and no echo of the path',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'bad_request', message: 'Malformed request URL' } });
      expectSecurityHeaders(response.headers);
    },
  );

  it('an over-long path parameter: 414 with the security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/rooms/${'a'.repeat(200)}/messages` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: { code: 'bad_request', message: 'Request URL is too long' } });
    expectSecurityHeaders(response.headers);
  });

  it('the same over a real socket', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end('GET /api/rooms/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = ''] = raw.split('\r\n\r\n');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(head).toMatch(/^HTTP\/1\.1 400/);
    expectSecurityHeaders(headers);
  });
});

describe('source maps', () => {
  let database: TestDatabase;
  let built: BuiltApp;
  let workDir: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-maps-'));
    fs.mkdirSync(path.join(workDir, 'assets'));
    fs.writeFileSync(path.join(workDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(workDir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
    fs.writeFileSync(
      path.join(workDir, 'assets', 'index-abc123.js.map'),
      JSON.stringify({ version: 3, sources: ['client/src/secret.ts'], sourcesContent: ['const secret = 1;'] }),
    );
    fs.writeFileSync(path.join(workDir, 'assets', 'index-abc123.css.MAP'), '{}');
    database = await createTestDatabase('sqlite');
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      DATA_DIR: workDir,
      CLIENT_DIST_DIR: workDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    });
    built = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.close();
    await database?.destroy().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('the production build writes none', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('assets are served, their maps are not (404, with the security headers)', async () => {
    const script = await built.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js%2Emap',
      '/assets/index-abc123.css.MAP',
      '/assets/./index-abc123.js.map',
    ]) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('sourcesContent');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('answers while draining at shutdown', () => {
  it('a request arriving during shutdown gets a 503 with the security headers', async () => {
    const database = await createTestDatabase('sqlite');
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-drain-'));
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      DATA_DIR: workDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    });
    const built = await buildApp(config, { database, serveClient: false, logger: pino({ level: 'silent' }) });
    let entered!: () => void;
    const slowEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let closeStarted!: () => void;
    const closing = new Promise<void>((resolve) => (closeStarted = resolve));
    // An in-flight request keeps its connection open while the server drains. (A route of this
    // test only: kept out of the API reference, which would otherwise ask it for a contract.)
    built.app.get('/api/test/slow', { schema: { hide: true } }, async () => {
      entered();
      await gate;
      return { ok: true };
    });
    built.app.addHook('preClose', (done) => {
      closeStarted();
      done();
    });
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = built.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await slowEntered;
      const shutdown = built.close();
      await closing;
      // A second request on the same connection, after shutdown began.
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nx-request-id: drain-1\r\n\r\n');
      release();
      await ended;
      await shutdown;
      const second = raw.slice(raw.indexOf('HTTP/1.1', 1));
      const head = second.split('\r\n\r\n')[0] ?? '';
      expect(head).toMatch(/^HTTP\/1\.1 503/);
      expect(head).toMatch(/content-security-policy: .*frame-ancestors 'none'/i);
      expect(head).toMatch(/x-content-type-options: nosniff/i);
      expect(head).toMatch(/x-frame-options: DENY/i);
      expect(head).toMatch(/x-request-id: drain-1/i);
    } finally {
      release();
      await built.close();
      await database.destroy().catch(() => undefined);
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});
